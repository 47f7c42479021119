/** A marker on the globe: a city where commercial VPN providers rent exit servers. */
export interface GlobeCity {
  name: string;
  /** Degrees north (negative: south), -90 to 90. */
  lat: number;
  /** Degrees east (negative: west), -180 to 180. */
  lon: number;
}

/** How many cities the globe marks, fixed by the site's specification. */
export const GLOBE_MARKER_COUNT = 21;

/** Data-centre hubs where VPN exit servers cluster, west to east. */
export const GLOBE_CITIES: readonly GlobeCity[] = [
  { name: 'Los Angeles', lat: 34.0522, lon: -118.2437 },
  { name: 'Toronto', lat: 43.6532, lon: -79.3832 },
  { name: 'New York', lat: 40.7128, lon: -74.006 },
  { name: 'São Paulo', lat: -23.5505, lon: -46.6333 },
  { name: 'London', lat: 51.5074, lon: -0.1278 },
  { name: 'Madrid', lat: 40.4168, lon: -3.7038 },
  { name: 'Paris', lat: 48.8566, lon: 2.3522 },
  { name: 'Amsterdam', lat: 52.3676, lon: 4.9041 },
  { name: 'Zurich', lat: 47.3769, lon: 8.5417 },
  { name: 'Frankfurt', lat: 50.1109, lon: 8.6821 },
  { name: 'Stockholm', lat: 59.3293, lon: 18.0686 },
  { name: 'Johannesburg', lat: -26.2041, lon: 28.0473 },
  { name: 'Tel Aviv', lat: 32.0853, lon: 34.7818 },
  { name: 'Moscow', lat: 55.7558, lon: 37.6173 },
  { name: 'Dubai', lat: 25.2048, lon: 55.2708 },
  { name: 'Mumbai', lat: 19.076, lon: 72.8777 },
  { name: 'Singapore', lat: 1.3521, lon: 103.8198 },
  { name: 'Hong Kong', lat: 22.3193, lon: 114.1694 },
  { name: 'Seoul', lat: 37.5665, lon: 126.978 },
  { name: 'Tokyo', lat: 35.6762, lon: 139.6503 },
  { name: 'Sydney', lat: -33.8688, lon: 151.2093 },
];

/** Backbone routes drawn as arcs between markers (pairs of city names). */
export const GLOBE_LINKS: readonly (readonly [string, string])[] = [
  ['New York', 'London'],
  ['Toronto', 'Amsterdam'],
  ['Los Angeles', 'New York'],
  ['New York', 'São Paulo'],
  ['London', 'Johannesburg'],
  ['Frankfurt', 'Moscow'],
  ['Frankfurt', 'Dubai'],
  ['Dubai', 'Mumbai'],
  ['Mumbai', 'Singapore'],
  ['Singapore', 'Hong Kong'],
  ['Hong Kong', 'Tokyo'],
  ['Singapore', 'Sydney'],
  ['Tokyo', 'Los Angeles'],
];
