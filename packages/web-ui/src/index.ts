// The package root is the one-time-code input; the runtime settings, the theme, the PostCSS config
// and the jest preset have entry points of their own (package.json "exports").
export {
  digitsOnly,
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  type OneTimeCodeInputProps,
} from './one-time-code/OneTimeCodeInput.js';
