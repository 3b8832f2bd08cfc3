// Development only, first in the host's entry: lets each app's React Fast Refresh runtime (the
// host's and every remote's, one per output.uniqueName) refresh the one React DOM in the page.
// The first runtime to load installs a stand-in for the React DevTools hook that does not list
// the renderers it is given, so a remote's runtime, loaded later, would never learn of React DOM;
// and React DOM keeps one refresh handler, so the last runtime to refresh would stop resolving
// the others' components. This lists the renderers and asks each runtime's handler in turn.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook && !hook.__sharedByRefreshRuntimes) {
  hook.__sharedByRefreshRuntimes = true;
  const handlers = [];
  const resolveFamily = (type) => {
    for (let i = handlers.length - 1; i >= 0; i--) {
      const family = handlers[i](type);
      if (family !== undefined) return family;
    }
    return undefined;
  };
  const inject = hook.inject;
  hook.inject = function injectRenderer(renderer) {
    if (typeof renderer.setRefreshHandler === 'function') {
      const setRefreshHandler = renderer.setRefreshHandler;
      renderer.setRefreshHandler = (handler) => {
        if (handler && !handlers.includes(handler)) handlers.push(handler);
        setRefreshHandler(handlers.length > 0 ? resolveFamily : null);
      };
    }
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
}
