import type { Route } from '../route.js';
import { callRoutes } from './calls.routes.js';
import { orgRoutes } from './org.routes.js';
import { analyticsRoutes } from './analytics.routes.js';

/** Every authenticated /v1 route, in the order the API reference lists them. */
export const v1Routes: Route[] = [...callRoutes, ...analyticsRoutes, ...orgRoutes];
