/**
 * The VPN Requests tab: the VPNs visitors asked to be detected, with the store link, verification,
 * status and notes; search on e-mail and VPN name, the verified filter, delete after a 'Delete VPN
 * Request' confirmation.
 */
import { vpnRequestRowSchema, type VpnRequestRow } from '@tunnelscope/contracts';
import { NewRowsBanner } from '../../live/NewRowsBanner.js';
import { FormReviewTable } from '../review/FormReviewTable.js';
import { VPN_REQUESTS_PATH, vpnRequestColumns } from './vpn-request-columns.js';

export const DELETE_VPN_REQUEST_TITLE = 'Delete VPN Request';
export const DELETE_VPN_REQUEST_MESSAGE =
  'Are you sure you want to delete this VPN request? This action cannot be undone.';

export function VpnRequestsTab() {
  return (
    <FormReviewTable<VpnRequestRow>
      title="VPN Requests"
      description="VPNs that visitors asked us to detect, with their Play Store links and review status."
      endpoint={VPN_REQUESTS_PATH}
      banner={<NewRowsBanner list="vpn-requests" endpoint={VPN_REQUESTS_PATH} />}
      dataKey="requests"
      rowSchema={vpnRequestRowSchema}
      columns={vpnRequestColumns}
      searchPlaceholder="Search by email or VPN name..."
      deleteConfirmTitle={DELETE_VPN_REQUEST_TITLE}
      deleteConfirmMessage={DELETE_VPN_REQUEST_MESSAGE}
      deleteErrorTitle="Delete Failed"
    />
  );
}
