export interface ServerArea {
  name: string;
  uses: string[];
  about: string;
}
export const serverAreas: ServerArea[];
export const serverLayers: string[];
