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
