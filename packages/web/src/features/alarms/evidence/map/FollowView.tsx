import { useEffect } from 'react';
import { useMap } from '../../../../map';

/** Keeps `point` in view: pans only when it leaves the middle of the map, so the user can still look around. */
export function FollowView({ point }: { point: readonly [number, number] | null }) {
  const { map, project } = useMap();
  useEffect(() => {
    if (!point) return;
    const view = map.getView();
    const size = map.getSize();
    const at = project(point[0], point[1]);
    if (size) {
      const extent = view.calculateExtent(size);
      const [minX, minY, maxX, maxY] = extent as [number, number, number, number];
      const marginX = (maxX - minX) * 0.2;
      const marginY = (maxY - minY) * 0.2;
      const inside =
        at[0] > minX + marginX && at[0] < maxX - marginX && at[1] > minY + marginY && at[1] < maxY - marginY;
      if (inside) return;
    }
    view.animate({ center: at, duration: 400 });
  }, [map, project, point]);
  return null;
}
