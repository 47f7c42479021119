// Public surface of the globe. GlobeCanvas (three.js) is deliberately not exported: it must stay
// behind Globe's lazy import.
export { Globe } from './Globe.js';
export { GLOBE_CITIES } from './cities.js';
