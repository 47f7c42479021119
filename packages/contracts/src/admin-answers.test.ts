import { adminErrorBodySchema, adminRefusalSchema, ipDatabaseOfflineSchema } from './admin-answers.js';

describe('admin answer bodies', () => {
  it('reads error and message field by field, dropping what is not text', () => {
    expect(adminErrorBodySchema.parse({ success: false, error: 'FORBIDDEN', message: 'No' })).toEqual({
      error: 'FORBIDDEN',
      message: 'No',
    });
    expect(adminErrorBodySchema.parse({ error: 42, message: 'Still readable' })).toEqual({
      error: undefined,
      message: 'Still readable',
    });
    expect(adminErrorBodySchema.safeParse(null).success).toBe(false);
  });

  it('tells a refusal from a success', () => {
    expect(adminRefusalSchema.safeParse({ success: false, message: 'Admin rows stay' }).success).toBe(true);
    expect(adminRefusalSchema.safeParse({ success: true }).success).toBe(false);
  });

  it('recognises the IP database offline answer only with networkError: true', () => {
    expect(ipDatabaseOfflineSchema.safeParse({ success: false, networkError: true }).success).toBe(true);
    expect(ipDatabaseOfflineSchema.safeParse({ success: false, networkError: false }).success).toBe(false);
  });
});
