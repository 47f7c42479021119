export { BRANDS, selectBrands, slug, type Brand, type VendorSpec, type VpnSpec } from './brands.js';
export {
  generateDataset,
  loadSources,
  datasetTables,
  type GenerateOptions,
  type GenerateReport,
} from './generate.js';
export { ipv4ToNumber, numberToIpv4, rangeToCidrs } from './ipv4.js';
export { LifeModel, LIFE, type Life } from './lifecycle.js';
export { buildPlan, OWNER_PROXY, OWNER_TOR, type Plan, type Sources } from './plan.js';
export { Rng, WeightedPicker, mix } from './prng.js';
export { COLUMNS, createContext, copyText, type TableName, type TableRows } from './rows.js';
export { SCALES, isScaleName, type ScaleConfig, type ScaleName } from './scale.js';
export { sourcePackages, type SourcePackage } from './sources.js';
export { Timeline, todayUtc, parseDate } from './timeline.js';
