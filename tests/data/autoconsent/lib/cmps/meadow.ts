// Written for webdistill's test: the declaration shape of autoconsent's lib/cmps/uniconsent.ts.
export default class Meadow extends AutoConsentCMPBase {
    get prehideSelectors(): string[] {
        return ['.meadow', '.modal:has(.meadow)'];
    }
}
