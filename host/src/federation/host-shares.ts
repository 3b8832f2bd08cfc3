import type { init } from '@module-federation/enhanced/runtime';
import * as finalForm from 'final-form';
import * as jotai from 'jotai';
import * as notistack from 'notistack';
import * as react from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactFinalForm from 'react-final-form';
import * as sharedAuth from 'shared-auth';
import * as sharedContracts from 'shared-contracts';
import * as router from 'shared-ui/src/router';
import * as swr from 'swr';

type Shared = NonNullable<Parameters<typeof init>[0]['shared']>;

/**
 * React and ReactDOM are CommonJS. `import * as` wraps such a module in a namespace object
 * whose every property is a getter; a remote calling `jsx()` or a hook through it pays for a
 * getter each time. The remotes get the module's own exports, as a build's provides hand over.
 */
const commonJs = (namespace: object): object => (namespace as { default?: object }).default ?? namespace;

/**
 * The modules the host gives its remotes, by share key: its own module instances (one React,
 * one router, one jotai store in the page), already running on its first screen. shared-contracts
 * goes only to remotes built from the same contract source (tools/mf-config, SHARED_BY_SOURCE). This module is
 * in the lazy federation chunk, so a page with no remote never evaluates it. react-router-dom is
 * the curated shared-ui/src/router module, as in the remotes' builds. A key here must name a
 * package that tools/mf-config shares (host-shares.test.ts checks both ways).
 */
export const SHARED_MODULES: Record<string, object> = {
  react: commonJs(react),
  'react/jsx-runtime': commonJs(jsxRuntime),
  'react/jsx-dev-runtime': commonJs(jsxDevRuntime),
  'react-dom': commonJs(reactDom),
  'react-dom/client': commonJs(reactDomClient),
  'react-router-dom': router,
  jotai,
  swr,
  notistack,
  'final-form': finalForm,
  'react-final-form': reactFinalForm,
  'shared-auth': sharedAuth,
  'shared-contracts': sharedContracts,
};

/** antd one component at a time (tools/mf-config/antd-shares.js): a component's chunk loads when a remote first asks. */
const loadAntdComponent = (name: string) => import(`shared-ui/src/antd/${name}.ts`);

export const packageOf = (shareKey: string) => (shareKey.startsWith('@') ? shareKey.split('/').slice(0, 2).join('/') : shareKey.split('/')[0]!);

function versionsOf(pkg: string) {
  const versions = __SHARED_VERSIONS__[pkg];
  if (!versions) throw new Error(`host-shares: ${pkg} has no version from tools/mf-config`);
  return { version: versions.version, shareConfig: { singleton: versions.singleton, requiredVersion: versions.requiredVersion } };
}

/** The runtime `shared` option: every shared package, and every antd component the build knows. */
export function hostShares(): Shared {
  const shared: Shared = {};
  // `lib` is the module already loaded; `get` loads a component's chunk when a remote first asks.
  // Both hand the runtime a factory, as a build's own provides do.
  for (const [key, module] of Object.entries(SHARED_MODULES)) shared[key] = { ...versionsOf(packageOf(key)), lib: () => module };
  for (const name of __ANTD_SHARE_NAMES__) {
    const key = `shared-ui/antd/${name}`;
    // A module versioned by its source (the icons) has its own version; the components antd's.
    shared[key] = { ...versionsOf(__SHARED_VERSIONS__[key] ? key : 'antd'), get: () => loadAntdComponent(name).then((module) => () => module) };
  }
  return shared;
}
