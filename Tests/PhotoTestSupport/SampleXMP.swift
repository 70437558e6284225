/// XMP packets in the shapes real tools write them, for the reader's, the sidecar writer's
/// and the indexer's tests.
package enum SampleXMP {
    /// What darktable writes beside a photo: properties as attributes, the caption as an
    /// rdf:Alt, and its own history that photolib must never lose.
    package static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:darktable="http://darktable.sf.net/"
           xmp:Rating="1"
           xmpMM:DerivedFrom="bordeaux-art.jpg"
           darktable:xmp_version="5"
           darktable:history_end="2">
           <dc:description>
            <rdf:Alt>
             <rdf:li xml:lang="fr-FR">Une belle œuvre à Bordeaux</rdf:li>
             <rdf:li xml:lang="x-default">Lovely &amp; odd piece of art</rdf:li>
            </rdf:Alt>
           </dc:description>
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1" darktable:params="0000000000803f"/>
             <rdf:li darktable:num="1" darktable:operation="colorin" darktable:enabled="1" darktable:params="gz48eJxjZBgFo4Aa"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    /// What Lightroom writes to `photo.xmp`: the place as elements, other prefixes for the same namespaces.
    package static let lightroom = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:ps="http://ns.adobe.com/photoshop/1.0/" xmlns:xap="http://ns.adobe.com/xap/1.0/">
           <ps:City>Kortrijk</ps:City>
           <ps:State>Vlaanderen</ps:State>
           <ps:Country>Belgium</ps:Country>
           <xap:Rating>4</xap:Rating>
          </rdf:Description>
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
           <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Buda beach</rdf:li></rdf:Alt></dc:title>
           <dc:subject><rdf:Bag><rdf:li>beach</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
}
