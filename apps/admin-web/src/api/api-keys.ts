/**
 * The detection API's keys (issue 12): create, rotate, revoke and the 30-day usage of one key.
 * The list itself is the generic data table over `GET /api-keys`; each change here reloads every
 * table over it. Create and rotate answer the secret once: it is handed to the caller and never
 * cached by react-query, so it lives only as long as the dialog that shows it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  ADMIN_API_KEYS_API,
  apiKeyUsageResponseSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
  rotateApiKeyResponseSchema,
  waitlistEntrySchema,
  type ApiKeyView,
  type CreateApiKeyRequest,
} from '@tunnelscope/contracts';
import { adminCall } from './client.js';
import { fetchList, listKeys } from './list.js';

export const API_KEYS_LIST_PATH = ADMIN_API_KEYS_API.list.path;

/** `/api-keys/{id}…` from the contracts' path templates. */
const keyPath = (template: string, id: string) => template.replace('{id}', encodeURIComponent(id));

/** A key and its secret, as create and rotate answer them: the only time the secret is sent. */
export interface IssuedKey {
  key: string;
  apiKey: ApiKeyView;
}

export async function createApiKey(body: CreateApiKeyRequest): Promise<IssuedKey> {
  const { key, apiKey } = await adminCall(ADMIN_API_KEYS_API.create.path, createApiKeyResponseSchema, {
    method: 'POST',
    body,
  });
  return { key, apiKey };
}

export async function rotateApiKey(id: string, graceHours: number): Promise<IssuedKey> {
  const { key, apiKey } = await adminCall(
    keyPath(ADMIN_API_KEYS_API.rotate.path, id),
    rotateApiKeyResponseSchema,
    { method: 'POST', body: { graceHours } },
  );
  return { key, apiKey };
}

export async function revokeApiKey(id: string): Promise<ApiKeyView> {
  const answer = await adminCall(keyPath(ADMIN_API_KEYS_API.revoke.path, id), revokeApiKeyResponseSchema, {
    method: 'DELETE',
  });
  return answer.apiKey;
}

export async function fetchApiKeyUsage(id: string, signal?: AbortSignal) {
  const answer = await adminCall(keyPath(ADMIN_API_KEYS_API.usage.path, id), apiKeyUsageResponseSchema, {
    signal,
  });
  return answer.data;
}

export const apiKeyKeys = {
  usage: (id: string) => ['api-key-usage', id] as const,
  verifiedOwners: ['api-key-verified-owners'] as const,
};

/** After any change: reload the API-key tables (not awaited, so a table's own refresh joins it). */
function useReloadApiKeys() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(API_KEYS_LIST_PATH) });
  };
}

export function useCreateApiKey() {
  const reload = useReloadApiKeys();
  return useMutation({ mutationFn: createApiKey, onSuccess: reload });
}

export function useRotateApiKey() {
  const reload = useReloadApiKeys();
  return useMutation({
    mutationFn: ({ id, graceHours }: { id: string; graceHours: number }) => rotateApiKey(id, graceHours),
    onSuccess: reload,
  });
}

export function useRevokeApiKey() {
  const reload = useReloadApiKeys();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: reload });
}

/** The daily counts of one key over the last 30 days, oldest first. */
export function useApiKeyUsage(id: string) {
  return useQuery({
    queryKey: apiKeyKeys.usage(id),
    queryFn: ({ signal }) => fetchApiKeyUsage(id, signal),
  });
}

/** How many verified waitlist entries the create dialog offers as owners (the newest first). */
export const VERIFIED_OWNER_CHOICES = 100;

/**
 * The e-mails of the newest verified waitlist entries: the people a key is usually made for. Read
 * through the waitlist's own list call, so the rows are checked with its schema.
 */
export function useVerifiedWaitlistEmails(enabled: boolean) {
  return useQuery({
    queryKey: apiKeyKeys.verifiedOwners,
    enabled,
    queryFn: async ({ signal }) => {
      const page = await fetchList(
        ADMIN_API.waitlist.path,
        {
          page: 1,
          limit: VERIFIED_OWNER_CHOICES,
          filters: { verified: 'true' },
          sort: 'createdAt',
          order: 'desc',
        },
        { dataKey: 'entries', rowSchema: waitlistEntrySchema, signal },
      );
      return [...new Set(page.rows.map((row) => row.email))];
    },
  });
}
