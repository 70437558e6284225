extension XMPSamples {
    private static let namespaces = """
        xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" \
        xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
        xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
        """

    private static func packet(_ description: String, attributes: String = "") -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 6.0.0">
         <rdf:RDF \(namespaces)>
          <rdf:Description rdf:about=""\(attributes)>
        \(description)
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    /// Packets in the shapes the readers must agree on: properties as attributes and as
    /// elements, language alternatives and arrays, entities, CDATA, comments, namespaces
    /// rebound, nested descriptions and structures, extended XMP, names that are not ASCII.
    static let variants: [String] = [
        packet(
            """
            <dc:description><rdf:Alt><rdf:li xml:lang="fr">Un quai</rdf:li><rdf:li xml:lang="x-default">A quay &amp; a boat</rdf:li></rdf:Alt></dc:description>
            <dc:title><rdf:Alt><rdf:li xml:lang="en">Quay</rdf:li></rdf:Alt></dc:title>
            <dc:subject><rdf:Bag><rdf:li>harbour</rdf:li><rdf:li> boats </rdf:li><rdf:li/></rdf:Bag></dc:subject>
            <lr:hierarchicalSubject><rdf:Seq><rdf:li>Places|France|Brest</rdf:li><rdf:li>People|Anne</rdf:li></rdf:Seq></lr:hierarchicalSubject>
            <photoshop:City>Brest</photoshop:City>
            """,
            attributes:
                " xmp:Rating=\"3.0\" photoshop:Country=\"France\" exif:DateTimeOriginal=\"2021-05-04T10:11:12+02:00\""),
        packet(
            """
            <dc:description>Plain &#233;l&#xE9;ment &lt;b&gt; <![CDATA[<raw> & ]]> after<!-- a comment --> end<?pi x?>.</dc:description>
            <photoshop:City><rdf:value>Lyon</rdf:value></photoshop:City>
            <photoshop:State rdf:resource="urn:x"/>
            <exif:GPSLatitude>45,45.5N</exif:GPSLatitude><exif:GPSLongitude>4,50.1E</exif:GPSLongitude>
            <exif:GPSAltitude>170/1</exif:GPSAltitude><exif:GPSAltitudeRef>0</exif:GPSAltitudeRef>
            """),
        packet(
            """
            <dc:description xmlns:dc="urn:not-dc"><rdf:Alt><rdf:li>Not a caption</rdf:li></rdf:Alt></dc:description>
            <d:description xmlns:d="http://purl.org/dc/elements/1.1/"><rdf:Alt><rdf:li xml:lang="x-default">Rebound</rdf:li></rdf:Alt></d:description>
            <City xmlns="http://ns.adobe.com/photoshop/1.0/">Default namespace</City>
            <xmp:Rating xmlns:xmp="urn:elsewhere">5</xmp:Rating>
            """, attributes: " xmlns:photolib=\"https://photolib.invalid/ns/1.0/\" photolib:WroteCaption=\"True\""),
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photolib 1.0">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:description=" IMG_1234 "/>
          <rdf:Description xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF"/>
          <rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideoOffset="12345"/>
         </rdf:RDF>
        </x:xmpmeta>
        """,
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/"
           xmlns:Item="http://ns.google.com/photos/1.0/container/item/">
          <Container:Directory><rdf:Seq>
           <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary"/></rdf:li>
           <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="4000" Item:Padding="16"/></rdf:li>
          </rdf:Seq></Container:Directory>
         </rdf:Description></rdf:RDF></x:xmpmeta>
        """,
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         <rdf:Description xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
           xmlns:MP="http://ns.microsoft.com/photo/1.2/" xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
           xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">
          <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>
           <rdf:li><rdf:Description mwg-rs:Name="Anne" mwg-rs:Type="Face"/></rdf:li>
           <rdf:li rdf:parseType="Resource"><mwg-rs:Name><rdf:value>Bob</rdf:value></mwg-rs:Name><mwg-rs:Type>Pet</mwg-rs:Type></rdf:li>
           <rdf:li mwg-rs:Name=" Carla "/>
          </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
          <MP:RegionInfo><rdf:Description><MPRI:Regions><rdf:Bag><rdf:li MPReg:PersonDisplayName="Dan"/></rdf:Bag></MPRI:Regions></rdf:Description></MP:RegionInfo>
          <Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>Eve</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>
         </rdf:Description></rdf:RDF></x:xmpmeta>
        """,
        // Nested graphs, a description inside a property, names that are not ASCII (a Kelvin
        // sign is canonically a K), and an RDF root with no x:xmpmeta.
        """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:é="http://purl.org/dc/elements/1.1/">
         <rdf:Description><é:title>Accented prefix</é:title><é:subject>\u{212A}elvin</é:subject></rdf:Description>
         <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:RDF><rdf:Description dc:title="Inner"/></rdf:RDF></dc:creator></rdf:Description>
         <\u{212A}:x xmlns:K="urn:k" K:a="1" \u{212A}:b="2"></K:x>
         <a:\u{301}b xmlns:a="urn:a" x:\u{301}="3"/>
        </rdf:RDF>
        """,
        "\u{FEFF}<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e \"boom\">]><!-- c --><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:description='&e; &#x1F600; &#0; &#xD800; &amp' /></rdf:RDF> trailing junk <",
        // Prefixes alike in their first seven bytes, told apart by the rest.
        """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description
          xmlns:photoshopX="urn:other" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:photoshoq="urn:q"
          photoshopX:City="Wrong" photoshoq:State="Wrong" photoshop:Country="Right">
         <photoshopX:State>Wrong</photoshopX:State><photoshop:City>Right</photoshop:City>
        </rdf:Description></rdf:RDF>
        """,
        "<r xmlns:=\"urn:empty\" xmlns=\"urn:default\" :a=\"1\"><:b/><xmlns:c/></r>",
    ]
}
