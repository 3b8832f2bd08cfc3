import { createStore } from 'jotai';

/**
 * The one jotai store of the page. shared-auth is a Module Federation singleton, so the host
 * and every remote import this same object; each of them mounts `<Provider store={authStore}>`
 * so that atoms read in a remote are the atoms the host writes.
 */
export const authStore = createStore();
