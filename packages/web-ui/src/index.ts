export {
  digitsOnly,
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  type OneTimeCodeInputProps,
} from './one-time-code/OneTimeCodeInput.js';
