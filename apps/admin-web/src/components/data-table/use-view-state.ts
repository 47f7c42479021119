/**
 * The table's view (page, page size, search, filters, sort) read from and written to the
 * address's search params through react-router, so the address is its one source of truth.
 * A change the operator can step back to (page, sort, filter, page size) pushes a history entry;
 * the debounced search and corrections the table makes itself replace the current one.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readViewState, writeViewState, type TableViewConfig, type TableViewState } from './url-state.js';

export interface ViewStateUpdate {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

export function useViewState(urlKey: string | undefined, config: TableViewConfig) {
  const [params, setParams] = useSearchParams();
  // The config is rebuilt on every render from the props; its content is what matters.
  const configKey = JSON.stringify(config);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content
  const stableConfig = useMemo(() => config, [configKey]);
  const state = useMemo(() => readViewState(params, urlKey, stableConfig), [params, urlKey, stableConfig]);

  const update = useCallback(
    (
      change: Partial<TableViewState> | ((current: TableViewState) => Partial<TableViewState>),
      options: ViewStateUpdate = {},
    ) => {
      setParams(
        (current) => {
          const now = readViewState(current, urlKey, stableConfig);
          const patch = typeof change === 'function' ? change(now) : change;
          return writeViewState(current, urlKey, stableConfig, { ...now, ...patch });
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams, urlKey, stableConfig],
  );

  return [state, update] as const;
}
