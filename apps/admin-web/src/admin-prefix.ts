/**
 * The panel's prefix, `/admin-<hex>`, read from its own address: the hex is configuration, never
 * built into a bundle. Every admin call, and the router's every path, goes below it.
 */
const PREFIX = /^\/admin-[0-9a-f]+/i;

export function adminPrefixFrom(pathname: string): string {
  return PREFIX.exec(pathname)?.[0] ?? '';
}

export const adminPrefix = (): string => adminPrefixFrom(window.location.pathname);
