import { VehicleReview } from '../../fleet/review/VehicleReview';

/** Basic → vehicle type review (BasicVehicleType): type, seats and approved passengers. */
export default function VehicleTypePage() {
  return <VehicleReview part="type" />;
}
