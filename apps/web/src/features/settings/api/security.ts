import type {
  AccountSession,
  FirmSecurity,
  MfaEnrolment,
  MfaStatus,
  MfaStepUpRequest,
  Passkey,
  PasskeyAdded,
  RecoveryCodesResponse,
  SuccessMessageResponse,
  WebauthnOptions,
} from '@sentinel/shared';
import { createPasskey } from '@/components/mfa/passkey';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/auth/mfa: whether two-step sign-in is on, recovery codes left, whether a firm requires it. */
export const useMfaStatus = () =>
  useQuery({
    queryKey: queryKeys.security.mfa(),
    queryFn: ({ signal }) => api.get<MfaStatus>('/api/auth/mfa', { signal }),
  });

/** GET /api/auth/sessions: where the person is signed in, this device first among equals. */
export const useAccountSessions = () =>
  useQuery({
    queryKey: queryKeys.security.sessions(),
    queryFn: ({ signal }) => api.get<{ data: AccountSession[] }>('/api/auth/sessions', { signal }),
    select: (answer) => answer.data,
  });

/** GET /api/firm/security (attorneys): whether the firm's attorneys must use two-step sign-in. */
export const useFirmSecurity = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.security.firm(),
    queryFn: ({ signal }) => api.get<FirmSecurity>('/api/firm/security', { signal }),
    enabled,
  });

/** Every change here refreshes what Settings → Security shows. */
function useSecurityMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.all }),
  });
}

/** POST /api/auth/mfa/setup: a new secret to scan, after the step-up. */
export const useMfaSetup = () =>
  useMutation({
    mutationFn: (body: MfaStepUpRequest) => api.post<MfaEnrolment>('/api/auth/mfa/setup', body),
  });

/** POST /api/auth/mfa/enable: a code from the new secret turns it on; answers the recovery codes. */
export const useMfaEnable = () =>
  useSecurityMutation((code: string) => api.post<RecoveryCodesResponse>('/api/auth/mfa/enable', { code }));

/** POST /api/auth/mfa/recovery-codes: ten new codes; the old ones stop working. */
export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation((body: MfaStepUpRequest) =>
    api.post<RecoveryCodesResponse>('/api/auth/mfa/recovery-codes', body),
  );

/** POST /api/auth/mfa/disable. */
export const useMfaDisable = () =>
  useSecurityMutation((body: MfaStepUpRequest) =>
    api.post<SuccessMessageResponse>('/api/auth/mfa/disable', body),
  );

/** DELETE /api/auth/sessions/{id}: signs that device out. */
export const useEndSession = () =>
  useSecurityMutation((id: string) => api.delete<SuccessMessageResponse>(`/api/auth/sessions/${id}`));

/** POST /api/auth/sessions/sign-out-others. */
export const useEndOtherSessions = () =>
  useSecurityMutation(() =>
    api.post<SuccessMessageResponse & { ended: number }>('/api/auth/sessions/sign-out-others'),
  );

/** PUT /api/firm/security. */
export const useSetFirmSecurity = () =>
  useSecurityMutation((requireMfaForAttorneys: boolean) =>
    api.put<FirmSecurity>('/api/firm/security', { requireMfaForAttorneys }),
  );

// Passkeys

const passkeysKey = [...queryKeys.security.all, 'passkeys'] as const;

/** GET /api/auth/passkeys: the person's passkeys, oldest first. */
export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.get<{ data: Passkey[] }>('/api/auth/passkeys', { signal }),
    select: (answer) => answer.data,
  });

/** POST /api/auth/passkeys/step-up/options: a challenge for a passkey to confirm a change. */
export const passkeyStepUpOptions = () => api.post<WebauthnOptions>('/api/auth/passkeys/step-up/options');

/**
 * Adds a passkey: the step-up answers the options, the browser makes the credential
 * (navigator.credentials.create: `createPasskey`), and the server keeps it.
 */
export const useAddPasskey = () =>
  useSecurityMutation(async (stepUp: MfaStepUpRequest) => {
    const options = await api.post<WebauthnOptions>('/api/auth/passkeys/options', stepUp);
    const response = await createPasskey(options);
    return api.post<PasskeyAdded>('/api/auth/passkeys', { response });
  });

/** PATCH /api/auth/passkeys/{id}. */
export const useRenamePasskey = () =>
  useSecurityMutation(({ id, name }: { id: string; name: string }) =>
    api.patch<Passkey>(`/api/auth/passkeys/${id}`, { name }),
  );

/** POST /api/auth/passkeys/{id}/remove, with the step-up. */
export const useRemovePasskey = () =>
  useSecurityMutation(({ id, stepUp }: { id: string; stepUp: MfaStepUpRequest }) =>
    api.post<SuccessMessageResponse>(`/api/auth/passkeys/${id}/remove`, stepUp),
  );
