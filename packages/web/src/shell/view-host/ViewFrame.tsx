import { Spin } from 'antd';
import { Suspense } from 'react';
import type { ViewRoute } from '../../app/routes/types';
import { ErrorBoundary } from '../error-log/ErrorBoundary';
import { ViewContext } from './view-context';

export function ViewFrame({ view }: { view: ViewRoute }) {
  const Component = view.route.component;
  return (
    <ViewContext.Provider value={view.route}>
      <ErrorBoundary>
        <Suspense
          fallback={
            <div style={{ padding: 48, textAlign: 'center' }}>
              <Spin />
            </div>
          }
        >
          <div className="hw-page" data-view={view.route.name}>
            {Component && <Component />}
          </div>
        </Suspense>
      </ErrorBoundary>
    </ViewContext.Provider>
  );
}
