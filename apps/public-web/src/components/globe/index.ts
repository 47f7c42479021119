// Public surface of the globe. GlobeCanvas (three.js) is deliberately not exported: it must stay
// behind Globe's lazy import.
export { Globe, globeLabel } from './Globe.js';
export { GLOBE_CITIES, GLOBE_LINKS, GLOBE_MARKER_COUNT, type GlobeCity } from './cities.js';
