import { removeSkewedAdmin, skewedAdminDir } from './skewed-remote';
import { allProcessNames, stop } from './stack';

export default async function globalTeardown(): Promise<void> {
  for (const name of allProcessNames()) stop(name);
  removeSkewedAdmin(skewedAdminDir);
}
