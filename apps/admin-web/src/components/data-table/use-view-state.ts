/**
 * The table's view (page, page size, search, filters, sort) read from and written to the
 * address's search params through react-router, so the address is its one source of truth.
 * A change the operator can step back to (page, sort, filter, page size) pushes a history entry;
 * the debounced search and corrections the table makes itself replace the current one.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
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

  // react-router hands setParams' updater the params of the last render, so two changes before
  // the next render (the debounced search firing just before a sort click) would lose the first.
  // Each change therefore starts from the newest params written here or rendered since.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (
      change: Partial<TableViewState> | ((current: TableViewState) => Partial<TableViewState>),
      options: ViewStateUpdate = {},
    ) => {
      const current = latest.current;
      const now = readViewState(current, urlKey, stableConfig);
      const patch = typeof change === 'function' ? change(now) : change;
      const next = writeViewState(current, urlKey, stableConfig, { ...now, ...patch });
      latest.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams, urlKey, stableConfig],
  );

  return [state, update] as const;
}
