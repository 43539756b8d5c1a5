<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CountedText</name>
    <message numerus="yes">
        <source>%n component(s)</source>
        <translation>
            <numerusform>%n component</numerusform>
            <numerusform>%n components</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln row</numerusform>
            <numerusform>%Ln rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln column(s)</source>
        <translation>
            <numerusform>%Ln column</numerusform>
            <numerusform>%Ln columns</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(ies)</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln label(s)</source>
        <translation>
            <numerusform>%Ln label</numerusform>
            <numerusform>%Ln labels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln sequence</numerusform>
            <numerusform>%Ln sequences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln head(s)</source>
        <translation>
            <numerusform>%Ln head</numerusform>
            <numerusform>%Ln heads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeatmapPanel</name>
    <message numerus="yes">
        <source>%Ln smaller terms: {0}</source>
        <translation>
            <numerusform>%Ln smaller term: {0}</numerusform>
            <numerusform>%Ln smaller terms: {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KeyPlanePanel</name>
    <message numerus="yes">
        <source>  … and %Ln more (smaller)</source>
        <translation>
            <numerusform>  … and %Ln more (smaller)</numerusform>
            <numerusform>  … and %Ln more (smaller)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabNotebookDialog</name>
    <message numerus="yes">
        <source>%Ln changes since the baseline:</source>
        <translation>
            <numerusform>%Ln change since the baseline:</numerusform>
            <numerusform>%Ln changes since the baseline:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more changes</source>
        <translation>
            <numerusform>… and %Ln more change</numerusform>
            <numerusform>… and %Ln more changes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MqarView</name>
    <message numerus="yes">
        <source>%Ln pairs</source>
        <translation>
            <numerusform>%Ln pair</numerusform>
            <numerusform>%Ln pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequences</source>
        <translation>
            <numerusform>%Ln sequence</numerusform>
            <numerusform>%Ln sequences</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictionBox</name>
    <message numerus="yes">
        <source>What will read {label} return? Type y&apos;s %Ln numbers, e.g. {example}.</source>
        <translation>
            <numerusform>What will read {label} return? Type y&apos;s %Ln number, e.g. {example}.</numerusform>
            <numerusform>What will read {label} return? Type y&apos;s %Ln numbers, e.g. {example}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>y has %Ln components (d_v = {d_v}), </source>
        <translation>
            <numerusform>y has %Ln component (d_v = {d_v}), </numerusform>
            <numerusform>y has %Ln components (d_v = {d_v}), </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>but %Ln numbers were typed.</source>
        <translation>
            <numerusform>but %Ln number was typed.</numerusform>
            <numerusform>but %Ln numbers were typed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecallPage</name>
    <message numerus="yes">
        <source>Store %Ln pairs of similar keys, read each back</source>
        <translation>
            <numerusform>Store %Ln pair of similar keys, read it back</numerusform>
            <numerusform>Store %Ln pairs of similar keys, read each back</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln trials a point</source>
        <translation>
            <numerusform>%Ln trial a point</numerusform>
            <numerusform>%Ln trials a point</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShapeWords</name>
    <message numerus="yes">
        <source>type a key of %Ln numbers</source>
        <translation>
            <numerusform>type a key of %Ln number</numerusform>
            <numerusform>type a key of %Ln numbers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type a query of %Ln numbers</source>
        <translation>
            <numerusform>type a query of %Ln number</numerusform>
            <numerusform>type a query of %Ln numbers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type a value of %Ln numbers</source>
        <translation>
            <numerusform>type a value of %Ln number</numerusform>
            <numerusform>type a value of %Ln numbers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>value has %Ln components</source>
        <translation>
            <numerusform>value has %Ln component</numerusform>
            <numerusform>value has %Ln components</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> but S has d_v = %Ln columns: the stamp {k} vᵀ would be {d_k}×{n}, </source>
        <translation>
            <numerusform> but S has d_v = %Ln column: the stamp {k} vᵀ would be {d_k}×{n}, </numerusform>
            <numerusform> but S has d_v = %Ln columns: the stamp {k} vᵀ would be {d_k}×{n}, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Give the value %Ln components.</source>
        <translation>
            <numerusform>Give the value %Ln component.</numerusform>
            <numerusform>Give the value %Ln components.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>key has %Ln components</source>
        <translation>
            <numerusform>key has %Ln component</numerusform>
            <numerusform>key has %Ln components</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Give the key %Ln components.</source>
        <translation>
            <numerusform>Give the key %Ln component.</numerusform>
            <numerusform>Give the key %Ln components.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>query has %Ln components</source>
        <translation>
            <numerusform>query has %Ln component</numerusform>
            <numerusform>query has %Ln components</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Give the query %Ln components.</source>
        <translation>
            <numerusform>Give the query %Ln component.</numerusform>
            <numerusform>Give the query %Ln components.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> but S has d_k = %Ln rows: </source>
        <translation>
            <numerusform> but S has d_k = %Ln row: </numerusform>
            <numerusform> but S has d_k = %Ln rows: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_k = %Ln rows: {q}ᵀS is 1×{d_v}.</source>
        <translation>
            <numerusform>, S has d_k = %Ln row: {q}ᵀS is 1×{d_v}.</numerusform>
            <numerusform>, S has d_k = %Ln rows: {q}ᵀS is 1×{d_v}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_k = %Ln rows: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</source>
        <translation>
            <numerusform>, S has d_k = %Ln row: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</numerusform>
            <numerusform>, S has d_k = %Ln rows: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_v = %Ln columns: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</source>
        <translation>
            <numerusform>, S has d_v = %Ln column: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</numerusform>
            <numerusform>, S has d_v = %Ln columns: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SpectrumPage</name>
    <message numerus="yes">
        <source>{where}: %Ln writes · effective rank {effective} of d = {d} · rank {rank} · σ = {sigma}</source>
        <translation>
            <numerusform>{where}: %Ln write · effective rank {effective} of d = {d} · rank {rank} · σ = {sigma}</numerusform>
            <numerusform>{where}: %Ln writes · effective rank {effective} of d = {d} · rank {rank} · σ = {sigma}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TermBars</name>
    <message numerus="yes">
        <source>%Ln smaller terms not shown</source>
        <translation>
            <numerusform>%Ln smaller term not shown</numerusform>
            <numerusform>%Ln smaller terms not shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowExporter</name>
    <message numerus="yes">
        <source>Drawing %Ln frames…</source>
        <translation>
            <numerusform>Drawing %Ln frame…</numerusform>
            <numerusform>Drawing %Ln frames…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %Ln images…</source>
        <translation>
            <numerusform>Writing %Ln image…</numerusform>
            <numerusform>Writing %Ln images…</numerusform>
        </translation>
    </message>
</context>
</TS>
