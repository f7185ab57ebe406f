import { ExpiryReview } from '../../fleet/review/ExpiryReview';

/** Basic → expiry review (BasicVehicleExpiry): vehicle licences ending within 15 days. */
export default function VehicleExpiryPage() {
  return <ExpiryReview kind="vehicle" />;
}
