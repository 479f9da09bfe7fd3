import { useMutation } from '@tanstack/react-query';
import type { OkResult, ResetCodeCheck, ResetCodeRequest, ResetCodeReset } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** POST /api/v2/account/reset-code: the same answer for known and unknown accounts. */
export function requestResetCode(body: ResetCodeRequest) {
  return apiRequest('/api/v2/account/reset-code', { method: 'POST', body, schema: trusted<OkResult>() });
}

/** POST /api/v2/account/reset-code/check: is the code right and still valid? */
export function checkResetCode(body: ResetCodeCheck) {
  return apiRequest('/api/v2/account/reset-code/check', {
    method: 'POST',
    body,
    schema: trusted<OkResult>(),
  });
}

/** POST /api/v2/account/reset-code/reset: sets the new password and ends every session of the account. */
export function resetPassword(body: ResetCodeReset) {
  return apiRequest('/api/v2/account/reset-code/reset', {
    method: 'POST',
    body,
    schema: trusted<OkResult>(),
  });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}

/** The code is checked first, so a wrong or expired code is reported before the password rules. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetCodeReset) => {
      await checkResetCode({ username: body.username, code: body.code });
      return resetPassword(body);
    },
  });
}
