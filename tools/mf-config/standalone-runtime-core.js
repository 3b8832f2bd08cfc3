// A remote's build leaves the federation runtime core out and takes the host's
// (experiments.externalRuntime). Its standalone page has no host, so it loads this first.
globalThis._FEDERATION_RUNTIME_CORE = require('@module-federation/runtime-tools/runtime-core');
