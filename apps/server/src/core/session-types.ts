// The shapes of the signed-in caller, below every module (issue 33): the request guard, Ctx and the services of
// many areas name them, and auth (whose repo reads them) is one module among those.

export type SessionUser = {
  id: number;
  schoolId: number;
  laraId: string;
  username: string;
  firstName: string;
  lastName: string;
  type: 'L' | 'S';
  roles: string[];
  blocked: boolean;
  sitePolicyAccepted: boolean;
  /** a password someone else gave: the user must change it before anything else (always honoured) */
  mustChangePassword: boolean;
  totpEnabled: boolean;
  selectedTheme: 'light' | 'dark' | 'auto';
  selectedLang: string;
  groupIds: number[];
};

/** The session behind a request (req.session). */
export interface ActiveSession {
  id: number;
  familyId: string;
  /** the real (superadmin) user while impersonating */
  impersonatorId: number | null;
  parentSessionId: number | null;
  /** the last time the user proved their password (impersonation needs it within 5 minutes) */
  authAt: Date;
  lastActivityAt: Date;
  refreshExpiresAt: Date;
}
