import type { CaseDetail } from '@sentinel/shared';
import type { ReactNode } from 'react';

/** What every tab of the case page receives. */
export interface CaseTabProps {
  detail: CaseDetail;
  /** Attorneys change the case; everyone else reads it. */
  canManage: boolean;
}

export interface CaseTab {
  value: string;
  label: string;
  /** Left out when false (e.g. the audit trail for non-attorneys). */
  visible?: (props: CaseTabProps) => boolean;
  render: (props: CaseTabProps) => ReactNode;
}
