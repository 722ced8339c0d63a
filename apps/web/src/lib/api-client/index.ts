/**
 * The one client for /api, in four parts: `errors` (fetch, decoding error answers into
 * `ApiError`, `errorMessage`), `refresh` (token refresh, single flight across tabs, proactive
 * timer), `session` (where a lost session goes) and `upload` (multipart with progress).
 */
export { ApiError, errorMessage, isApiError, type ApiErrorCode } from './errors';
export { cancelProactiveRefresh, scheduleProactiveRefresh } from './refresh';
export { api, type RequestOptions } from './request';
export { firmChanged, isLoginPath, setFirmChangedHandler, setSessionLostHandler } from './session';
export {
  authorizedXhrUpload,
  type UploadProgress,
  type XhrUploadAnswer,
  type XhrUploadOptions,
} from './upload';
