import { passwordField } from '@tunnelscope/contracts';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './password-generator.js';

describe('generatePassword', () => {
  it('always meets the password policy of the contracts', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(passwordField.safeParse(password).success).toBe(true);
    }
  });

  it('meets the policy even at its shortest and with the policy minimum', () => {
    for (let i = 0; i < 200; i++) {
      expect(generatePassword(10)).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{10}$/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });

  it('leaves out characters easily misread in a mail', () => {
    const all = Array.from({ length: 200 }, () => generatePassword()).join('');
    expect(all).not.toMatch(/[0O1lI]/);
  });
});
