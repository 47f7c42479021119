export { startTurnstileStandin, SCRIPT_PATH, SITEVERIFY_PATH, type TurnstileStandin } from './server.js';
export { siteverify, type SiteverifyAnswer } from './siteverify.js';
export { TEST_SITE_KEYS, TEST_SECRETS, DUMMY_TOKEN } from './test-keys.js';
