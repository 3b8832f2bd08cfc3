// The router API the apps use. Module Federation shares this module under the key
// 'react-router-dom' (tools/mf-config): a shared module is not tree-shaken, and react-router
// whole is five times what the apps use. Apps keep importing from 'react-router-dom'; a name
// they import must be listed here (router.test.ts checks it), or it would be undefined at run
// time in the federated build. It imports from 'react-router', which is not a share key.
export {
  BrowserRouter, Link, MemoryRouter, Navigate, Outlet, Route, Routes, matchPath,
  useLocation, useNavigate, useParams, useRoutes, useSearchParams,
} from 'react-router';
export type { RouteObject } from 'react-router';
