/**
 * @tunnelscope/ip-index: the detection API's address parsing, special-purpose (bogon)
 * classification, in-memory network index and MMDB writer. Pure library: no I/O except what a
 * caller asks for, no configuration.
 */
export {
  PARSE_INVALID,
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  formatAddress,
  formatIPv4,
  formatIPv6,
  parseAddress,
  parseInto,
  type Family,
  type ParseResult,
  type ParsedAddress,
  type ParsedIPv4,
  type ParsedIPv6,
} from './address.js';
export { cidrSpan, formatCidr, parseCidr, parseRange, rangeSpan, spanToCidrs, type Span } from './network.js';
export {
  RangeIndex,
  type IndexEntry,
  type IndexMatch,
  type IndexStats,
  type TransferableIndex,
} from './range-index.js';
export {
  LayeredIndex,
  LAYER_NONE,
  groupOfRangeIndex,
  isSharedBuffer,
  type LayerGroup,
  type LayerEntries,
  type LayeredFamily,
  type TransferableLayeredIndex,
} from './layered-index.js';
export { MmdbTyped, mmdb, type MmdbValue } from './mmdb-encoder.js';
export { MmdbWriter } from './mmdb-writer.js';
export {
  MmdbStreamWriter,
  type MmdbBuildStats,
  type MmdbMetadataInput,
  type MmdbStreamOptions,
} from './mmdb-stream-writer.js';
export {
  SPECIAL_RANGES,
  isBogon,
  specialRange,
  specialRangeOfIPv4,
  specialRangeOfIPv6,
  type SpecialRangeName,
} from './bogons.js';
export { buildInWorker } from './worker.js';
export { splitCsvLine } from './csv.js';
