export {
  digitsOnly,
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  type OneTimeCodeInputProps,
} from './one-time-code/OneTimeCodeInput.js';
export { readRuntimeConfig } from './runtime-config/runtime-config.js';
export { cssVariablesResolver, theme } from './theme/theme.js';
