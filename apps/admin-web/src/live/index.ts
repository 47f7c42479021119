export { subscribeLive, resetLiveConnection, type LiveMessage } from './live-connection.js';
export { useLiveEvents } from './useLiveEvents.js';
export { NewRowsBanner, newRowsText } from './NewRowsBanner.js';
export { useLiveOverview } from './useLiveOverview.js';
