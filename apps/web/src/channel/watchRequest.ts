/**
 * Asks the channel view to watch a core node selected in the network editor: the Channels
 * tab shows that core's outgoing fibers. The target is the core node's id.
 */
import { createTabRequests } from '../view/tabRequests';

export const channelWatch = createTabRequests<string>();
