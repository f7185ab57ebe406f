import { matchPath } from 'react-router';
import type { ViewRoute } from './types';

export function matchView(views: readonly ViewRoute[], pathname: string): ViewRoute | undefined {
  return views.find((v) => matchPath({ path: v.route.path, end: true }, pathname));
}
