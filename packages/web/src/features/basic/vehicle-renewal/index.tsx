import { RenewalReview } from '../../fleet/review/RenewalReview';

/** Basic → renewal review (BasicVehicleRenewal). */
export default function VehicleRenewalPage() {
  return <RenewalReview />;
}
