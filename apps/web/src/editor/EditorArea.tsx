/** The network area: the topology (editable), with the animation over it. */
import { useController } from '../sim/context';
import { TopologyView } from '../topology/TopologyView';

export function EditorArea() {
  const controller = useController();
  return <TopologyView topology={controller.scenario as never} />;
}
