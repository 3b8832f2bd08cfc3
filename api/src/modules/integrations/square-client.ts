import { createHash } from 'node:crypto';

export interface SquareLocationInfo {
  id: string;
  name: string;
  address: string | null;
  timezone: string | null;
}

/** Square's Locations API as the app needs it; the credential is the connection's OAuth token. */
export interface SquareClient {
  listLocations(credential: string): Promise<SquareLocationInfo[]>;
}

interface SquareLocationsResponse {
  locations?: Array<{ id: string; name?: string; timezone?: string; address?: { address_line_1?: string; locality?: string; administrative_district_level_1?: string } }>;
}

/** Calls Square's REST API (https://connect.squareup.com/v2/locations). */
export const httpSquareClient = (apiBase: string): SquareClient => ({
  async listLocations(credential) {
    const response = await fetch(`${apiBase}/v2/locations`, {
      headers: { Authorization: `Bearer ${credential}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Square answered ${response.status}`);
    const body = (await response.json()) as SquareLocationsResponse;
    return (body.locations ?? []).map((l) => ({
      id: l.id,
      name: l.name ?? l.id,
      address: l.address ? [l.address.address_line_1, l.address.locality, l.address.administrative_district_level_1].filter(Boolean).join(', ') : null,
      timezone: l.timezone ?? null,
    }));
  },
});

/**
 * The local stand-in used when no Square API is configured: two locations derived from the
 * credential, so the same connection always lists the same locations.
 */
export const simulatedSquareClient: SquareClient = {
  async listLocations(credential) {
    const tag = createHash('sha256').update(credential).digest('hex').slice(0, 8).toUpperCase();
    return [
      { id: `L${tag}MAIN`, name: 'Main Street', address: '100 Main St, Springfield, IL', timezone: 'America/Chicago' },
      { id: `L${tag}DOWN`, name: 'Downtown', address: '20 Market St, Springfield, IL', timezone: 'America/Chicago' },
    ];
  },
};

/** Square is out of reach from development machines; SQUARE_API_BASE switches to the real API. */
export const squareClientFor = (apiBase: string | undefined): SquareClient => (apiBase ? httpSquareClient(apiBase) : simulatedSquareClient);
