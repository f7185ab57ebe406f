import { ExpiryReview } from '../../fleet/review/ExpiryReview';

/** Basic → insurance review (BasicVehicleInsurance): insurance ending within 45 days. */
export default function VehicleInsurancePage() {
  return <ExpiryReview kind="insurance" />;
}
