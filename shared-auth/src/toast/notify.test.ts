import { enqueueSnackbar } from 'notistack';
import { ApiError } from '../http/api-error';
import { notify } from './notify';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));
const enqueue = enqueueSnackbar as jest.MockedFunction<typeof enqueueSnackbar>;

beforeEach(() => enqueue.mockReset());

test('an error toast shows the text found by the extraction order', () => {
  notify.error(new ApiError(400, { type: 'BadRequest', message: 'm', errors: ['First problem'] }, 'First problem'));
  expect(enqueue).toHaveBeenCalledWith('First problem', { variant: 'error' });
});

test('an expired session is not toasted twice: the session-expired toast already said it', () => {
  notify.error(new ApiError(401, { type: 'Unauthorized', message: 'Session expired, Please login again.' }, 'Session expired, Please login again.'));
  expect(enqueue).not.toHaveBeenCalled();
});

test('with a fallback, a reason the server gave is shown, and the fallback otherwise', () => {
  notify.error(new ApiError(400, { type: 'BadRequest', message: 'Choose a valid time zone' }, 'Bad Request'), 'Failed to update preference');
  notify.error(new ApiError(500, {}, 'Internal Server Error'), 'Failed to update preference');
  notify.error(new TypeError('x is undefined'), 'Failed to update preference');
  expect(enqueue.mock.calls.map(([text]) => text)).toEqual(['Choose a valid time zone', 'Failed to update preference', 'Failed to update preference']);
});
