import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/web/lib/api-client';
import { isLoadFailure, withoutAddresses } from '../../src/web/lib/app-updates';

describe('isLoadFailure', () => {
  it.each([
    [
      'Chromium',
      'Failed to fetch dynamically imported module: https://tutors.example.edu/assets/all-reviews-Ab12Cd34.js',
    ],
    ['Firefox', 'error loading dynamically imported module: https://tutors.example.edu/assets/x-Ab12Cd34.js'],
    ['Safari', 'Importing a module script failed.'],
    ['a stylesheet of the route', 'Unable to preload CSS for /assets/layout-Ab12Cd34.css'],
  ])('a module that could not be loaded (%s)', (_, message) => {
    expect(isLoadFailure(new TypeError(message))).toBe(true);
  });

  it('no answer at all, or a load balancer with no instance behind it, is a load failure', () => {
    expect(isLoadFailure(new ApiRequestError(0, 'network_error', 'Cannot reach the server.'))).toBe(true);
    expect(isLoadFailure(new ApiRequestError(502, 'http_error', 'Request failed (502).'))).toBe(true);
    expect(isLoadFailure(new ApiRequestError(504, 'http_error', 'Request failed (504).'))).toBe(true);
  });

  it("the server's own answers and a crashing page are not", () => {
    expect(isLoadFailure(new ApiRequestError(503, 'service_unavailable', 'Database is down'))).toBe(false);
    expect(isLoadFailure(new ApiRequestError(404, 'http_error', 'Request failed (404).'))).toBe(false);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isLoadFailure('a string')).toBe(false);
  });
});

describe('withoutAddresses', () => {
  it('takes out every address an error names, and the colon before it', () => {
    expect(
      withoutAddresses('Failed to fetch dynamically imported module: http://127.0.0.1:4330/assets/all-reviews-x.js'),
    ).toBe('Failed to fetch dynamically imported module');
    expect(withoutAddresses('Unable to preload CSS for /assets/layout-Ab12Cd34.css')).toBe('Unable to preload CSS for');
    expect(withoutAddresses('Database is down')).toBe('Database is down');
  });
});
