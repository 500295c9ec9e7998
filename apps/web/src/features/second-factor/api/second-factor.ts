import { endpoints, type SecuritySettingsBody } from '@comanda/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PANEL_KEY, adminKey, panelCall } from '@/lib/panel-api';

const statusKey = [PANEL_KEY, 'second-factor'] as const;
const settingsKey = adminKey('security');

/** GET /api/account/second-factor → whether the account has the factor, and must. */
export const secondFactorStatusOptions = () =>
  queryOptions({
    queryKey: statusKey,
    queryFn: ({ signal }) => panelCall(endpoints.getSecondFactor, { signal }),
  });

export const useSecondFactorStatus = () => useQuery(secondFactorStatusOptions());

/** POST …/setup → `{ secret, otpauth_uri }`: a new secret to scan (not on until confirmed). */
export const useSetupSecondFactor = () =>
  useMutation({ mutationFn: () => panelCall(endpoints.setupSecondFactor) });

/** POST …/confirm {code} → `{ recovery_codes }`, shown once. */
export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => panelCall(endpoints.confirmSecondFactor, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** POST …/disable {code}: only when the account's role does not require the factor. */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => panelCall(endpoints.disableSecondFactor, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** GET /api/admin/security: who must have the factor (the back office). */
export const useSecuritySettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => panelCall(endpoints.getSecuritySettings, { signal }),
  });

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettingsBody) =>
      panelCall(endpoints.updateSecuritySettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey, settings);
      return queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}
