/**
 * Asks the time-space diagram to follow a flow selected in the network editor: it shows the
 * optical path the flow's data crosses. The target is the flow group's id ("tcp1").
 */
import { createTabRequests } from '../view/tabRequests';

export const timeSpaceWatch = createTabRequests<string>();
