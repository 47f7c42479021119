import {
  CLIENT_MESSAGES,
  validateCompany,
  validateContactForm,
  validateEmail,
  validateMessage,
  validateName,
  validateOtpCode,
  validateOtpForm,
  validatePlaystoreLink,
  validateSubject,
  validateUseCase,
  validateVpnName,
  validateVpnRequestForm,
  validateWaitlistForm,
  type FieldValue,
} from './client-rules.js';

const PLAY_URL = 'https://play.google.com/store/apps/details?id=com.example.vpn&hl=en';
const x = (n: number) => 'x'.repeat(n);

describe('CLIENT_MESSAGES', () => {
  // The spec's words, typed out here rather than imported, so a drifting constant fails the test.
  it.each([
    ['email.required', CLIENT_MESSAGES.email.required, 'Email is required'],
    ['email.invalidCharacters', CLIENT_MESSAGES.email.invalidCharacters, 'Email contains invalid characters'],
    ['email.tooLong', CLIENT_MESSAGES.email.tooLong, 'Email must be less than 254 characters'],
    ['email.invalidFormat', CLIENT_MESSAGES.email.invalidFormat, 'Invalid email format'],
    ['name.required', CLIENT_MESSAGES.name.required, 'Name is required'],
    ['name.invalidCharacters', CLIENT_MESSAGES.name.invalidCharacters, 'Name contains invalid characters'],
    ['name.tooLong', CLIENT_MESSAGES.name.tooLong, 'Name must be less than 100 characters'],
    [
      'name.invalidFormat',
      CLIENT_MESSAGES.name.invalidFormat,
      'Name can only contain letters, spaces, hyphens, apostrophes, and periods',
    ],
    [
      'company.invalidCharacters',
      CLIENT_MESSAGES.company.invalidCharacters,
      'Company name contains invalid characters',
    ],
    ['company.tooLong', CLIENT_MESSAGES.company.tooLong, 'Company name must be less than 100 characters'],
    ['message.required', CLIENT_MESSAGES.message.required, 'Message is required'],
    ['message.invalidContent', CLIENT_MESSAGES.message.invalidContent, 'Message contains invalid content'],
    ['message.tooLong', CLIENT_MESSAGES.message.tooLong, 'Message must be less than 2000 characters'],
    ['message.tooShort', CLIENT_MESSAGES.message.tooShort, 'Message must be at least 10 characters'],
    ['subject.required', CLIENT_MESSAGES.subject.required, 'Subject is required'],
    [
      'subject.invalidCharacters',
      CLIENT_MESSAGES.subject.invalidCharacters,
      'Subject contains invalid characters',
    ],
    ['subject.tooLong', CLIENT_MESSAGES.subject.tooLong, 'Subject must be less than 200 characters'],
    ['vpnName.required', CLIENT_MESSAGES.vpnName.required, 'VPN name is required'],
    [
      'vpnName.invalidCharacters',
      CLIENT_MESSAGES.vpnName.invalidCharacters,
      'VPN name contains invalid characters',
    ],
    ['vpnName.tooLong', CLIENT_MESSAGES.vpnName.tooLong, 'VPN name must be less than 100 characters'],
    [
      'vpnName.invalidFormat',
      CLIENT_MESSAGES.vpnName.invalidFormat,
      'VPN name can only contain letters, numbers, spaces, hyphens, underscores, and periods',
    ],
    ['playstoreLink.required', CLIENT_MESSAGES.playstoreLink.required, 'Play Store URL is required'],
    ['playstoreLink.tooLong', CLIENT_MESSAGES.playstoreLink.tooLong, 'URL must be less than 2048 characters'],
    ['playstoreLink.invalidFormat', CLIENT_MESSAGES.playstoreLink.invalidFormat, 'Invalid URL format'],
    [
      'playstoreLink.notPlayStore',
      CLIENT_MESSAGES.playstoreLink.notPlayStore,
      'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    ],
    ['useCase.invalidContent', CLIENT_MESSAGES.useCase.invalidContent, 'Use case contains invalid content'],
    ['useCase.tooLong', CLIENT_MESSAGES.useCase.tooLong, 'Use case must be less than 500 characters'],
    ['otpCode.required', CLIENT_MESSAGES.otpCode.required, 'OTP code is required'],
    ['otpCode.wrongLength', CLIENT_MESSAGES.otpCode.wrongLength, 'OTP code must be exactly 6 digits'],
    ['otpCode.notNumeric', CLIENT_MESSAGES.otpCode.notNumeric, 'OTP code must contain only numbers'],
    ['form.validationErrorTitle', CLIENT_MESSAGES.form.validationErrorTitle, 'Validation Error'],
    [
      'form.validationErrorDescription',
      CLIENT_MESSAGES.form.validationErrorDescription,
      'Please correct the errors below and try again.',
    ],
  ])('%s reads the spec word for word', (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

type Case = [label: string, value: FieldValue, expected: string | null];

describe('validateEmail', () => {
  it.each<Case>([
    ['a plain address', 'ann@example.com', null],
    ['an address with + and an apostrophe', "o'brien+vpn@mail.example.co.uk", null],
    ['surrounding spaces (trimmed)', '  ann@example.com  ', null],
    ['exactly 254 characters', `${'a'.repeat(242)}@example.com`, null],
    ['an empty value', '', 'Email is required'],
    ['only spaces', '   ', 'Email is required'],
    ['undefined', undefined, 'Email is required'],
    ['markup (changed by sanitizing)', '<b>ann@example.com</b>', 'Email contains invalid characters'],
    ['a javascript: prefix', 'javascript:ann@example.com', 'Email contains invalid characters'],
    ['a zero-width space', 'ann\u200b@example.com', 'Email contains invalid characters'],
    ['255 characters', `${'a'.repeat(243)}@example.com`, 'Email must be less than 254 characters'],
    ['no @', 'ann.example.com', 'Invalid email format'],
    ['no dotted domain', 'ann@example', 'Invalid email format'],
    ['a space inside', 'ann lee@example.com', 'Invalid email format'],
    ['two @', 'ann@@example.com', 'Invalid email format'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateEmail(value)).toBe(expected);
  });
});

describe('validateName', () => {
  it.each<Case>([
    ['a plain name', 'Ann Lee', null],
    ['accented letters', 'José Zoë', null],
    ['a decomposed accent (combining mark)', 'Jose\u0301', null],
    ['another script', 'Nguyễn Thị Minh Khai', null],
    ['hyphens, apostrophes and periods', "Mary-Jane O'Brien Jr.", null],
    ['a typographic apostrophe', 'D’Angelo', null],
    ['a tab between words (collapsed)', 'Ann\tLee', null],
    ['exactly 100 characters', x(100), null],
    ['an empty value', '', 'Name is required'],
    ['null', null, 'Name is required'],
    ['markup', 'Ann <i>Lee</i>', 'Name contains invalid characters'],
    ['an event handler', 'Ann onmouseover=x', 'Name contains invalid characters'],
    ['a bidi override', 'Ann\u202eeeL', 'Name contains invalid characters'],
    ['101 characters', x(101), 'Name must be less than 100 characters'],
    ['a digit', 'R2D2', 'Name can only contain letters, spaces, hyphens, apostrophes, and periods'],
    ['an ampersand', 'Ann & Lee', 'Name can only contain letters, spaces, hyphens, apostrophes, and periods'],
    ['an emoji', 'Ann 😀', 'Name can only contain letters, spaces, hyphens, apostrophes, and periods'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateName(value)).toBe(expected);
  });
});

describe('validateCompany (optional)', () => {
  it.each<Case>([
    ['an empty value', '', null],
    ['undefined', undefined, null],
    ['letters, digits, - . & and comma', 'AT&T, Inc. 3M-Data', null],
    ["an apostrophe (O'Brien & Sons)", "O'Brien & Sons", null],
    ['exactly 100 characters', x(100), null],
    ['markup', '<b>Acme</b>', 'Company name contains invalid characters'],
    ['a NUL character', 'Acme\u0000', 'Company name contains invalid characters'],
    ['101 characters', x(101), 'Company name must be less than 100 characters'],
    ['parentheses (wrong character set)', 'Acme (UK)', 'Company name contains invalid characters'],
    ['an @ (wrong character set)', 'Acme@home', 'Company name contains invalid characters'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateCompany(value)).toBe(expected);
  });
});

describe('validateMessage', () => {
  it.each<Case>([
    ['plain text with line breaks', 'Hello team,\n\nplease call me.', null],
    ['markup around text (it is stripped, not refused)', 'Hello <b>team</b>', null],
    ['a heart and an ampersand', 'I <3 AT&T', null],
    ['exactly 2000 characters', x(2000), null],
    ['an empty value', '', 'Message is required'],
    ['only line breaks', '\n\n', 'Message is required'],
    [
      'only a script block (empty after sanitizing)',
      '<script>alert(1)</script>',
      'Message contains invalid content',
    ],
    ['only tags', '<b></b><i></i>', 'Message contains invalid content'],
    ['a NUL character', 'Hello\u0000there', 'Message contains invalid content'],
    ['2001 characters', x(2001), 'Message must be less than 2000 characters'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateMessage(value)).toBe(expected);
  });
});

describe('validateSubject', () => {
  it.each<Case>([
    ['a plain subject', 'Pricing for 10M lookups/day?', null],
    ['quotes, ampersands and slashes', `"Q&A" about A/B tests`, null],
    ['exactly 200 characters', x(200), null],
    ['an empty value', '', 'Subject is required'],
    ['markup', 'Hi <script>x</script>', 'Subject contains invalid characters'],
    ['a data: URL', 'see data:text/html,hi', 'Subject contains invalid characters'],
    ['a zero-width joiner', 'Hi\u200dthere', 'Subject contains invalid characters'],
    ['201 characters', x(201), 'Subject must be less than 200 characters'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateSubject(value)).toBe(expected);
  });
});

describe('validateVpnName', () => {
  it.each<Case>([
    ['letters, digits, spaces, hyphen, underscore, period', 'Nord VPN_2.0-beta', null],
    ['exactly 100 characters', x(100), null],
    ['an empty value', ' ', 'VPN name is required'],
    ['markup', '<b>Nord</b>', 'VPN name contains invalid characters'],
    ['a lone surrogate', 'Nord\ud800', 'VPN name contains invalid characters'],
    ['101 characters', x(101), 'VPN name must be less than 100 characters'],
    [
      'an ampersand',
      'Nord & Co',
      'VPN name can only contain letters, numbers, spaces, hyphens, underscores, and periods',
    ],
    [
      'a slash',
      'Nord/VPN',
      'VPN name can only contain letters, numbers, spaces, hyphens, underscores, and periods',
    ],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateVpnName(value)).toBe(expected);
  });
});

describe('validatePlaystoreLink', () => {
  const prefix = 'https://play.google.com/store/';
  it.each<Case>([
    ['a Play Store app link with & in its query', PLAY_URL, null],
    ['exactly 2048 characters', prefix + x(2048 - prefix.length), null],
    ['an empty value', '', 'Play Store URL is required'],
    ['2049 characters', prefix + x(2049 - prefix.length), 'URL must be less than 2048 characters'],
    ['not a URL', 'play store nord', 'Invalid URL format'],
    ['no scheme', 'play.google.com/store/apps', 'Invalid URL format'],
    ['a space inside', `${prefix}apps/details?id=a b`, 'Invalid URL format'],
    ['markup inside', `${prefix}apps/details?id=<script>x</script>`, 'Invalid URL format'],
    ['a javascript: URL', 'javascript:alert(1)//https://play.google.com/store/', 'Invalid URL format'],
    ['a bidi override', `${prefix}apps\u202e`, 'Invalid URL format'],
    [
      'another host',
      'https://example.com/store/apps',
      'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    ],
    [
      'plain http',
      'http://play.google.com/store/apps',
      'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    ],
    [
      'a look-alike host',
      'https://play.google.com.evil.example/store/apps',
      'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    ],
    [
      'the right host outside /store/',
      'https://play.google.com/apps',
      'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    ],
  ])('%s → %j', (_label, value, expected) => {
    expect(validatePlaystoreLink(value)).toBe(expected);
  });
});

describe('validateUseCase (optional)', () => {
  it.each<Case>([
    ['an empty value', '', null],
    ['a select option', 'fraud-prevention', null],
    ['free text', 'Blocking VPN sign-ups & chargebacks', null],
    ['exactly 500 characters', x(500), null],
    [
      'only markup (empty after sanitizing)',
      '<img src=x onerror=alert(1)>',
      'Use case contains invalid content',
    ],
    ['501 characters', x(501), 'Use case must be less than 500 characters'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateUseCase(value)).toBe(expected);
  });
});

describe('validateOtpCode', () => {
  it.each<Case>([
    ['six digits', '012345', null],
    ['six digits with surrounding spaces', ' 123456 ', null],
    ['an empty value', '', 'OTP code is required'],
    ['five digits', '12345', 'OTP code must be exactly 6 digits'],
    ['seven digits', '1234567', 'OTP code must be exactly 6 digits'],
    ['a letter among six characters', '12345a', 'OTP code must contain only numbers'],
    ['non-ASCII digits', '١٢٣٤٥٦', 'OTP code must contain only numbers'],
  ])('%s → %j', (_label, value, expected) => {
    expect(validateOtpCode(value)).toBe(expected);
  });
});

describe('validateWaitlistForm', () => {
  it('accepts an e-mail alone and answers every field sanitized', () => {
    expect(validateWaitlistForm({ email: ' ann@example.com ' })).toEqual({
      isValid: true,
      errors: {},
      sanitized: { email: 'ann@example.com', company: '', useCase: '' },
    });
  });

  it('reports each failing field with its first message', () => {
    expect(validateWaitlistForm({ email: 'nope', company: 'Acme (UK)', useCase: x(501) })).toEqual({
      isValid: false,
      errors: {
        email: 'Invalid email format',
        company: 'Company name contains invalid characters',
        useCase: 'Use case must be less than 500 characters',
      },
      sanitized: { email: 'nope', company: 'Acme (UK)', useCase: x(500) },
    });
  });

  it("keeps O'Brien and AT&T as typed (no entity encoding)", () => {
    const result = validateWaitlistForm({ email: "o'brien@example.com", company: 'AT&T', useCase: 'other' });
    expect(result.isValid).toBe(true);
    expect(result.sanitized).toEqual({ email: "o'brien@example.com", company: 'AT&T', useCase: 'other' });
  });
});

describe('validateContactForm', () => {
  const valid = {
    name: 'Ann Lee',
    email: 'ann@example.com',
    subject: 'Pricing',
    message: 'Hello,\nplease call me.',
  };

  it('accepts a complete form and keeps the message line breaks', () => {
    expect(validateContactForm(valid)).toEqual({ isValid: true, errors: {}, sanitized: valid });
  });

  it('reports every empty field as required', () => {
    expect(validateContactForm({ name: '', email: '', subject: '', message: '' }).errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it("refuses a message under the server's 10-character minimum", () => {
    const result = validateContactForm({ ...valid, message: 'Too short' });
    expect(result.isValid).toBe(false);
    expect(result.errors).toEqual({ message: 'Message must be at least 10 characters' });
  });

  it('accepts a message of exactly 10 characters', () => {
    expect(validateContactForm({ ...valid, message: x(10) }).isValid).toBe(true);
  });

  it('submits the message without its markup', () => {
    expect(validateContactForm({ ...valid, message: 'Hello <b>team</b>, call me' }).sanitized.message).toBe(
      'Hello team, call me',
    );
  });
});

describe('validateVpnRequestForm', () => {
  it('accepts a request without additional information', () => {
    expect(validateVpnRequestForm({ vpnName: 'Nord VPN', playstoreLink: PLAY_URL })).toEqual({
      isValid: true,
      errors: {},
      sanitized: { vpnName: 'Nord VPN', playstoreLink: PLAY_URL, additionalInfo: '', userEmail: '' },
    });
  });

  it('validates additional information as a message when present', () => {
    expect(
      validateVpnRequestForm({
        vpnName: 'Nord',
        playstoreLink: PLAY_URL,
        additionalInfo: '<script>x</script>',
      }).errors,
    ).toEqual({ additionalInfo: 'Message contains invalid content' });
    expect(
      validateVpnRequestForm({ vpnName: 'Nord', playstoreLink: PLAY_URL, additionalInfo: '' }).errors,
    ).toEqual({ additionalInfo: 'Message is required' });
    expect(
      validateVpnRequestForm({ vpnName: 'Nord', playstoreLink: PLAY_URL, additionalInfo: x(2001) }).errors,
    ).toEqual({ additionalInfo: 'Message must be less than 2000 characters' });
  });

  it("validates the request page's e-mail when present", () => {
    expect(
      validateVpnRequestForm({ vpnName: 'Nord', playstoreLink: PLAY_URL, userEmail: 'nope' }).errors,
    ).toEqual({
      userEmail: 'Invalid email format',
    });
  });

  it('reports the name and link rules', () => {
    expect(
      validateVpnRequestForm({ vpnName: '', playstoreLink: 'https://example.com/store/x' }).errors,
    ).toEqual({
      vpnName: 'VPN name is required',
      playstoreLink: 'Must be a valid Google Play Store URL starting with https://play.google.com/store/',
    });
  });
});

describe('validateOtpForm', () => {
  it('accepts an e-mail and a six-digit code', () => {
    expect(validateOtpForm({ email: 'ann@example.com', otpCode: '123456' })).toEqual({
      isValid: true,
      errors: {},
      sanitized: { email: 'ann@example.com', otpCode: '123456' },
    });
  });

  it('reports both fields', () => {
    expect(validateOtpForm({ email: '', otpCode: '12a456' }).errors).toEqual({
      email: 'Email is required',
      otpCode: 'OTP code must contain only numbers',
    });
  });
});
