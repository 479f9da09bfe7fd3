// The sign-in forms' request schemas. They come with the first send (and are fetched once the page is idle),
// not with the page: zod stays off the start path (decision 049).
export { LoginRequestSchema, ResetCodeRequestSchema, ResetCodeResetSchema } from '@aula/contracts';
