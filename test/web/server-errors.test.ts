import { describe, expect, it } from 'vitest';
import { placeServerError } from '../../src/web/components/forms/server-errors';
import { ApiRequestError } from '../../src/web/lib/api-client';

const validation = (fields: { path: string; message: string }[]) =>
  new ApiRequestError(400, 'validation_error', fields.map((field) => field.message).join(' '), fields);

describe('placeServerError', () => {
  it('puts each message on the field its path names, whatever the message says', () => {
    // Each message names another field on purpose: placing by words would swap them.
    const error = validation([
      { path: 'phone', message: 'The email address looks wrong.' },
      { path: 'email', message: 'Check the phone number.' },
    ]);
    expect(placeServerError(error, ['name', 'email', 'phone'])).toEqual({
      fields: [
        { field: 'email', message: 'Check the phone number.' },
        { field: 'phone', message: 'The email address looks wrong.' },
      ],
      form: null,
    });
  });

  it('keeps messages no field of the form owns for the form, even when they name a field', () => {
    const error = validation([
      { path: 'name', message: 'Name is required.' },
      { path: 'secret', message: 'Password: your link is not valid' },
    ]);
    expect(placeServerError(error, ['name', 'password'])).toEqual({
      fields: [{ field: 'name', message: 'Name is required.' }],
      form: 'Password: your link is not valid',
    });
  });

  it('places a nested path on its top field, or where the form maps it, first message only', () => {
    const error = validation([
      { path: 'signupDomains.1', message: 'Not a domain.' },
      { path: 'signupDomains.2', message: 'Not a domain either.' },
      { path: 'courses.0', message: 'Course is too long.' },
    ]);
    expect(placeServerError(error, ['domains', 'courses'], { pathToField: { signupDomains: 'domains' } })).toEqual({
      fields: [
        { field: 'domains', message: 'Not a domain.' },
        { field: 'courses', message: 'Course is too long.' },
      ],
      form: null,
    });
  });

  it('leaves an error without field paths to the form, as the server worded it', () => {
    const error = new ApiRequestError(401, 'invalid_credentials', 'Invalid email or password.');
    expect(placeServerError(error, ['email', 'password'])).toEqual({
      fields: [],
      form: 'Invalid email or password.',
    });
    expect(placeServerError(new Error('Offline.'), ['email'])).toEqual({ fields: [], form: 'Offline.' });
  });

  it('places a refusal the server ties to a field, such as a taken address, on that field', () => {
    const taken = new ApiRequestError(409, 'email_taken', 'An account with this email already exists.', [
      { path: 'email', message: 'An account with this email already exists.' },
    ]);
    expect(placeServerError(taken, ['name', 'email'])).toEqual({
      fields: [{ field: 'email', message: 'An account with this email already exists.' }],
      form: null,
    });
  });

  it('shows the whole answer above the form when the form places nothing on fields', () => {
    const error = validation([
      { path: 'email', message: 'Please enter a valid email address.' },
      { path: 'password', message: 'Password must be at least 8 characters.' },
    ]);
    expect(placeServerError(error, [])).toEqual({
      fields: [],
      form: 'Please enter a valid email address. Password must be at least 8 characters.',
    });
  });
});
