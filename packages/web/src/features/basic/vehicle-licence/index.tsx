import { VehicleReview } from '../../fleet/review/VehicleReview';

/** Basic → licence review (BasicVehicleLicence): the vehicles' papers. */
export default function VehicleLicencePage() {
  return <VehicleReview part="licence" />;
}
