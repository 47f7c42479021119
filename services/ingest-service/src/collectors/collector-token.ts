/** Collector tokens: `ts_col_` + 32 random + 6 checksum base62 characters (service-kit's secret-token scheme). */
import { COLLECTOR_TOKEN_PREFIX } from '@tunnelscope/contracts';
import { secretTokenFormat } from '@tunnelscope/service-kit';

export const collectorTokens = secretTokenFormat(COLLECTOR_TOKEN_PREFIX);
