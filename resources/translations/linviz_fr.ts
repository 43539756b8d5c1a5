<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Accessibility</name>
    <message>
        <source>The scenario and the labs</source>
        <translation>Le scénario et les labos</translation>
    </message>
    <message>
        <source>Ctrl+1 … Ctrl+6 open a tab</source>
        <translation>Ctrl+1 … Ctrl+6 ouvrent un onglet</translation>
    </message>
    <message>
        <source>Docked panels</source>
        <translation>Panneaux ancrés</translation>
    </message>
    <message>
        <source>The panels sharing this place at the bottom: one tab each</source>
        <translation>Les panneaux qui se partagent cette place en bas : un onglet chacun</translation>
    </message>
    <message>
        <source>Hide this panel (View menu shows it again)</source>
        <translation>Masquer ce panneau (le menu Affichage le remontre)</translation>
    </message>
    <message>
        <source>Hide {0}</source>
        <translation>Masquer {0}</translation>
    </message>
    <message>
        <source>Detach this panel into its own window</source>
        <translation>Détacher ce panneau dans sa propre fenêtre</translation>
    </message>
    <message>
        <source>Detach {0}</source>
        <translation>Détacher {0}</translation>
    </message>
    <message>
        <source>Steps of the scenario</source>
        <translation>Étapes du scénario</translation>
    </message>
    <message>
        <source>One row per step: arrows move, F2 edits a cell, Tab leaves the table</source>
        <translation>Une ligne par étape : les flèches se déplacent, F2 modifie une case, Tab quitte le tableau</translation>
    </message>
    <message>
        <source>, </source>
        <translation> ; </translation>
    </message>
    <message>
        <source>S before any step</source>
        <translation>S avant toute étape</translation>
    </message>
    <message>
        <source>S after step {0}, write {1}</source>
        <translation>S après l’étape {0}, écriture {1}</translation>
    </message>
    <message>
        <source>S at step {0}, read {1}</source>
        <translation>S à l’étape {0}, lecture {1}</translation>
    </message>
    <message>
        <source>{0} rows by {1} columns</source>
        <translation>{0} lignes sur {1} colonnes</translation>
    </message>
    <message>
        <source>{0}: {1}, every entry 0.</source>
        <translation>{0} : {1}, tous les coefficients valent 0.</translation>
    </message>
    <message>
        <source>row {0}: {1}</source>
        <translation>ligne {0} : {1}</translation>
    </message>
    <message>
        <source>{0}: {1}. {2}.</source>
        <translation>{0} : {1}. {2}.</translation>
    </message>
    <message>
        <source>; </source>
        <translation> ; </translation>
    </message>
    <message>
        <source>{0}: {1}; entries from {2} to {3}.</source>
        <translation>{0} : {1} ; coefficients de {2} à {3}.</translation>
    </message>
    <message>
        <source>Nothing written yet: every read returns zeros.</source>
        <translation>Rien n’est encore écrit : toute lecture renvoie des zéros.</translation>
    </message>
    <message>
        <source>Step {0} writes {1}: key {2}, value {3}.</source>
        <translation>L’étape {0} écrit {1} : clé {2}, valeur {3}.</translation>
    </message>
    <message>
        <source>Read {0}: the output is hidden until revealed.</source>
        <translation>Lecture {0} : la sortie est masquée jusqu’à sa révélation.</translation>
    </message>
    <message>
        <source>Read {0}: output y = {1}; no earlier write to retrieve.</source>
        <translation>Lecture {0} : sortie y = {1} ; aucune écriture antérieure à retrouver.</translation>
    </message>
    <message>
        <source>relative error {0} %</source>
        <translation>erreur relative {0} %</translation>
    </message>
    <message>
        <source>no relative error (the target is zero)</source>
        <translation>pas d’erreur relative (la cible est nulle)</translation>
    </message>
    <message>
        <source>Read {0}: output y = {1}; target {2} expects {3}; error y − v_target {4}; {5}.</source>
        <translation>Lecture {0} : sortie y = {1} ; la cible {2} attend {3} ; erreur y − v_cible {4} ; {5}.</translation>
    </message>
</context>
<context>
    <name>BaselineMap</name>
    <message>
        <source>Baseline: S after step {0}</source>
        <translation>Référence : S après l’étape {0}</translation>
    </message>
</context>
<context>
    <name>BaselinePanel</name>
    <message>
        <source>How every read&apos;s output moved</source>
        <translation>Comment la sortie de chaque lecture a bougé</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>baseline → now</source>
        <translation>référence → maintenant</translation>
    </message>
    <message>
        <source>change Δ</source>
        <translation>écart Δ</translation>
    </message>
    <message>
        <source>Clear baseline</source>
        <translation>Effacer la référence</translation>
    </message>
    <message>
        <source>Baseline: what changed</source>
        <translation>Référence : ce qui a changé</translation>
    </message>
    <message>
        <source>No baseline pinned. Class ▸ Pin baseline (B) keeps the scenario as it is now; change something and this shows the difference.</source>
        <translation>Aucune référence épinglée. Classe ▸ Épingler la référence (B) garde le scénario tel qu’il est ; modifiez quelque chose et ce panneau montre la différence.</translation>
    </message>
    <message>
        <source>The baseline cannot be compared at this step: it has other sizes, or fewer steps.</source>
        <translation>Impossible de comparer à la référence à cette étape : ses tailles diffèrent, ou elle a moins d’étapes.</translation>
    </message>
    <message>
        <source>S − S_baseline after step {0}</source>
        <translation>S − S_référence après l’étape {0}</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>inchangé</translation>
    </message>
    <message>
        <source>No read to compare yet.</source>
        <translation>Aucune lecture à comparer pour l’instant.</translation>
    </message>
</context>
<context>
    <name>BeforeAfter</name>
    <message>
        <source>Before and after</source>
        <translation>Avant et après</translation>
    </message>
    <message>
        <source>The baseline cannot be compared at this step: it has other sizes, or fewer steps.</source>
        <translation>Impossible de comparer à la référence à cette étape : ses tailles diffèrent, ou elle a moins d’étapes.</translation>
    </message>
    <message>
        <source>No change since the baseline yet.</source>
        <translation>Aucun changement depuis la référence pour l’instant.</translation>
    </message>
    <message>
        <source>… and {0} more</source>
        <translation>… et {0} de plus</translation>
    </message>
    <message>
        <source>Changed since the baseline:</source>
        <translation>Changé depuis la référence :</translation>
    </message>
    <message>
        <source>No read in both scenarios to compare.</source>
        <translation>Aucune lecture commune aux deux scénarios à comparer.</translation>
    </message>
    <message>
        <source>Read {0}: hidden until the room predicts it.</source>
        <translation>Lecture {0} : masquée jusqu’à ce que la salle la prédise.</translation>
    </message>
    <message>
        <source>change {0}</source>
        <translation>écart {0}</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>inchangée</translation>
    </message>
    <message>
        <source>Read {0}</source>
        <translation>Lecture {0}</translation>
    </message>
    <message>
        <source>Nearest read, {0}</source>
        <translation>Lecture la plus proche, {0}</translation>
    </message>
    <message>
        <source>baseline y = {0}   now y = {1}   ({2})</source>
        <translation>référence y = {0}   maintenant y = {1}   ({2})</translation>
    </message>
</context>
<context>
    <name>BeforeAfterDifference</name>
    <message>
        <source>Difference: S − S_baseline</source>
        <translation>Différence : S − S_référence</translation>
    </message>
</context>
<context>
    <name>CaptionBar</name>
    <message>
        <source>Edit caption</source>
        <translation>Modifier la légende</translation>
    </message>
    <message>
        <source>Edit this caption (or double-click it): Enter keeps it, Esc cancels</source>
        <translation>Modifier cette légende (ou double-cliquer dessus) : Entrée la garde, Échap annule</translation>
    </message>
    <message>
        <source>This caption states numbers, or names a read&apos;s target, in its own words, and the step now shows otherwise (other numbers, or a query that is no longer that write&apos;s key). Edit it (live fields such as {y} or {S} follow every change), or undo the change.</source>
        <translation>Cette légende écrit des nombres, ou nomme la cible d’une lecture, en toutes lettres, et l’étape montre maintenant autre chose (d’autres nombres, ou une requête qui n’est plus la clé de cette écriture). Modifiez-la (les champs vivants comme {y} ou {S} suivent chaque changement), ou annulez le changement.</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Légende</translation>
    </message>
    <message>
        <source>Live fields: {k} {v} {stamp} {S} · reads {q} {y} {target} {expected} {parts} {weights} · {y@r1} another step&apos;s · {{ a brace (hover for more)</source>
        <translation>Champs vivants&#x202f;: {k} {v} {stamp} {S} · lectures {q} {y} {target} {expected} {parts} {weights} · {y@r1} celui d’une autre étape · {{ une accolade (survolez pour la suite)</translation>
    </message>
    <message>
        <source>Live fields are filled in from the step each time the caption is shown:
writes: {writes}
reads: {reads}
any step: {any}
The error y − v_target = {interference} is made of the parts {parts} lists, largest first: {crosstalk}, {not_overwritten}, {forgetting}, {own_scale}, {normaliser_part}; {cause} names the largest in words, and {share} is crosstalk&apos;s share of the error&apos;s parts, by size (not of y).
{y@r1} takes step r1&apos;s value; {cos@k1,k2} and {dot@k1,k2} compare two keys.
{{ and }} write a brace. Enter keeps the caption, Esc cancels.</source>
        <translation>Les champs vivants sont remplis à partir de l’étape chaque fois que la légende s’affiche&#x202f;:
écritures&#x202f;: {writes}
lectures&#x202f;: {reads}
toute étape&#x202f;: {any}
L’erreur y − v_cible = {interference} est faite des parts que liste {parts}, la plus grande d’abord&#x202f;: {crosstalk}, {not_overwritten}, {forgetting}, {own_scale}, {normaliser_part}&#x202f;; {cause} nomme la plus grande en toutes lettres, et {share} est la part de la diaphonie parmi les parts de l’erreur, en taille (pas dans y).
{y@r1} prend la valeur de l’étape r1&#x202f;; {cos@k1,k2} et {dot@k1,k2} comparent deux clés.
{{ et }} écrivent une accolade. Entrée garde la légende, Échap annule.</translation>
    </message>
    <message>
        <source>Step 0 of {count} · the empty memory, before any write</source>
        <translation>Étape 0 sur {count} · la mémoire vide, avant toute écriture</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>Step {number} of {count} · {kind} {label}</source>
        <translation>Étape {number} sur {count} · {kind} {label}</translation>
    </message>
</context>
<context>
    <name>CaptionFields</name>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exact</translation>
    </message>
    <message>
        <source>off by {0}</source>
        <translation>écart {0}</translation>
    </message>
    <message>
        <source>a blend of {0}, no single target</source>
        <translation>un mélange de {0}, sans cible unique</translation>
    </message>
    <message>
        <source>nothing: the read is exact</source>
        <translation>rien : la lecture est exacte</translation>
    </message>
    <message>
        <source>written for an earlier version of this scenario</source>
        <translation>écrite pour une version antérieure de ce scénario</translation>
    </message>
    <message>
        <source>out of date</source>
        <translation>périmée</translation>
    </message>
</context>
<context>
    <name>ChipStrip</name>
    <message>
        <source>Steps</source>
        <translation>Étapes</translation>
    </message>
    <message>
        <source>Step 0: the empty memory, before any write</source>
        <translation>Étape 0 : la mémoire vide, avant toute écriture</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>Step {number}: {kind} {label}</source>
        <translation>Étape {number} : {kind} {label}</translation>
    </message>
    <message>
        <source>No steps yet: add a write in the table of steps.</source>
        <translation>Aucune étape : ajoutez une écriture dans le tableau des étapes.</translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message>
        <source>&amp;Hide outputs (predict first)</source>
        <translation>&amp;Masquer les sorties (prédire d’abord)</translation>
    </message>
    <message>
        <source>Hide every read&apos;s output until it is revealed</source>
        <translation>Masquer la sortie de chaque lecture jusqu’à sa révélation</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>&amp;Révéler</translation>
    </message>
    <message>
        <source>Show the output of the read at the cursor</source>
        <translation>Montrer la sortie de la lecture sous le curseur</translation>
    </message>
    <message>
        <source>Enter &amp;prediction…</source>
        <translation>Saisir une &amp;prédiction…</translation>
    </message>
    <message>
        <source>Type the class&apos;s prediction for the read at the cursor</source>
        <translation>Saisir la prédiction de la classe pour la lecture sous le curseur</translation>
    </message>
    <message>
        <source>Pin &amp;baseline</source>
        <translation>Épin&amp;gler la référence</translation>
    </message>
    <message>
        <source>Keep the scenario as it is now and show what later edits change</source>
        <translation>Garder le scénario tel qu’il est et montrer ce que changent les modifications suivantes</translation>
    </message>
    <message>
        <source>&amp;Clear baseline</source>
        <translation>&amp;Effacer la référence</translation>
    </message>
    <message>
        <source>&amp;Lab notebook…</source>
        <translation>&amp;Cahier de labo…</translation>
    </message>
    <message>
        <source>The causal lab: what changed since the baseline, the room&apos;s prediction, the result and its explanation</source>
        <translation>Le labo de causalité : ce qui a changé depuis la référence, la prédiction de la salle, le résultat et son explication</translation>
    </message>
    <message>
        <source>Try a &amp;vector…</source>
        <translation>Essayer un &amp;vecteur…</translation>
    </message>
    <message>
        <source>Type a key, query or value and see whether it fits S, large: nothing in the scenario changes</source>
        <translation>Tapez une clé, une requête ou une valeur et voyez, en grand, si elle s’accorde à S : rien ne change dans le scénario</translation>
    </message>
    <message>
        <source>&amp;Class</source>
        <translation>&amp;Classe</translation>
    </message>
    <message>
        <source>Baseline pinned: change something and see what it changes.</source>
        <translation>Référence épinglée : modifiez quelque chose et voyez ce que cela change.</translation>
    </message>
</context>
<context>
    <name>CompactDesk</name>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>Equation</source>
        <translation>Équation</translation>
    </message>
    <message>
        <source>Key plane</source>
        <translation>Plan des clés</translation>
    </message>
    <message>
        <source>Value plane</source>
        <translation>Plan des valeurs</translation>
    </message>
    <message>
        <source>Readout</source>
        <translation>Résultat de la lecture</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Référence</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Vues</translation>
    </message>
    <message>
        <source>The window is small: one view at a time (arrow keys switch, F6 reaches here)</source>
        <translation>La fenêtre est petite : une vue à la fois (les flèches changent de vue, F6 mène ici)</translation>
    </message>
</context>
<context>
    <name>CostPage</name>
    <message>
        <source>Cost per token</source>
        <translation>Coût par jeton</translation>
    </message>
    <message>
        <source>The longest cache measured, in tokens: the last new token&apos;s position n</source>
        <translation>Le plus long cache mesuré, en jetons : la position n du dernier nouveau jeton</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>How many cache lengths, evenly spaced up to the longest</source>
        <translation>Combien de longueurs de cache, régulièrement espacées jusqu’à la plus longue</translation>
    </message>
    <message>
        <source>Head size d: a key and a value have d numbers each, and S is d × d</source>
        <translation>Taille de tête d : une clé et une valeur ont chacune d nombres, et S est d × d</translation>
    </message>
    <message>
        <source>&amp;Longest cache</source>
        <translation>Cache &amp;le plus long</translation>
    </message>
    <message>
        <source>Len&amp;gths</source>
        <translation>Lon&amp;gueurs</translation>
    </message>
    <message>
        <source>Head si&amp;ze d</source>
        <translation>&amp;Taille de tête d</translation>
    </message>
    <message>
        <source>&amp;Measure</source>
        <translation>&amp;Mesurer</translation>
    </message>
    <message>
        <source>Time one new token at each length, on this computer (Alt+M)</source>
        <translation>Chronométrer un nouveau jeton à chaque longueur, sur cet ordinateur (Alt+M)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <source>Stop measuring; the lengths measured so far are kept</source>
        <translation>Arrêter la mesure ; les longueurs déjà mesurées sont gardées</translation>
    </message>
    <message>
        <source>How many of the lengths are measured</source>
        <translation>Combien de longueurs sont mesurées</translation>
    </message>
    <message>
        <source>The time of one new token at cache length n, measured (dots), and the lines fitted through the measurements</source>
        <translation>Le temps d’un nouveau jeton pour un cache de longueur n, mesuré (points), et les droites ajustées sur les mesures</translation>
    </message>
    <message>
        <source>The time of the first T tokens in all, from the fitted lines</source>
        <translation>Le temps total des T premiers jetons, d’après les droites ajustées</translation>
    </message>
    <message>
        <source>Time per new token on this computer (d = {d}, float32)</source>
        <translation>Temps par nouveau jeton sur cet ordinateur (d = {d}, float32)</translation>
    </message>
    <message>
        <source>Softmax attention keeps every key and value and reads them all again for each new token: the work grows with the cache, O(n) a token and O(T²) for T tokens. Linear attention updates one d × d state and reads it: the same work at any length, O(1) a token and O(T) in all.</source>
        <translation>L’attention softmax garde chaque clé et chaque valeur et les relit toutes pour chaque nouveau jeton : le travail croît avec le cache, O(n) par jeton et O(T²) pour T jetons. L’attention linéaire met à jour un seul état d × d et le lit : le même travail à toute longueur, O(1) par jeton et O(T) en tout.</translation>
    </message>
    <message>
        <source>Measuring: {done} of {total} lengths</source>
        <translation>Mesure en cours : {done} longueurs sur {total}</translation>
    </message>
    <message>
        <source>Not measured yet: press Measure</source>
        <translation>Pas encore mesuré : appuyez sur Mesurer</translation>
    </message>
    <message>
        <source>Measured {0} lengths</source>
        <translation>{0} longueurs mesurées</translation>
    </message>
    <message>
        <source>Stopped: {done} of {total} lengths measured</source>
        <translation>Arrêté : {done} longueurs mesurées sur {total}</translation>
    </message>
    <message>
        <source>softmax: reads the whole cache</source>
        <translation>softmax : relit tout le cache</translation>
    </message>
    <message>
        <source>linear attention: one state update and read</source>
        <translation>attention linéaire : une mise à jour et une lecture de l’état</translation>
    </message>
    <message>
        <source>Measuring the first length…</source>
        <translation>Mesure de la première longueur…</translation>
    </message>
    <message>
        <source>Press Measure to time one new token at each length on this computer.</source>
        <translation>Appuyez sur Mesurer pour chronométrer un nouveau jeton à chaque longueur sur cet ordinateur.</translation>
    </message>
    <message>
        <source>time per token ({0})</source>
        <translation>temps par jeton ({0})</translation>
    </message>
    <message>
        <source>total time ({0})</source>
        <translation>temps total ({0})</translation>
    </message>
    <message>
        <source>cache length n (tokens)</source>
        <translation>longueur du cache n (jetons)</translation>
    </message>
    <message>
        <source>tokens T</source>
        <translation>jetons T</translation>
    </message>
    <message>
        <source>softmax O(n)</source>
        <translation>softmax O(n)</translation>
    </message>
    <message>
        <source>state O(1)</source>
        <translation>état O(1)</translation>
    </message>
    <message>
        <source>softmax O(T²)</source>
        <translation>softmax O(T²)</translation>
    </message>
    <message>
        <source>state O(T)</source>
        <translation>état O(T)</translation>
    </message>
    <message>
        <source>Fitted: softmax {a} + {b} per cached token; the state {c} a token.</source>
        <translation>Ajustement : softmax {a} + {b} par jeton en cache ; l’état {c} par jeton.</translation>
    </message>
    <message>
        <source>Fitted: softmax {b} per cached token; the state {c} a token.</source>
        <translation>Ajustement : softmax {b} par jeton en cache ; l’état {c} par jeton.</translation>
    </message>
    <message>
        <source>Measured at n = {n}: softmax {soft}, the state {state}. For T = {n} tokens the lines give softmax {soft_total} in all, the state {state_total}.</source>
        <translation>Mesuré à n = {n} : softmax {soft}, l’état {state}. Pour T = {n} jetons, les droites donnent softmax {soft_total} en tout, l’état {state_total}.</translation>
    </message>
</context>
<context>
    <name>CountedText</name>
    <message numerus="yes">
        <source>%n component(s)</source>
        <translation>
            <numerusform>%n composante</numerusform>
            <numerusform>%n composantes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln ligne</numerusform>
            <numerusform>%Ln lignes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln column(s)</source>
        <translation>
            <numerusform>%Ln colonne</numerusform>
            <numerusform>%Ln colonnes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(ies)</source>
        <translation>
            <numerusform>%Ln entrée</numerusform>
            <numerusform>%Ln entrées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln label(s)</source>
        <translation>
            <numerusform>%Ln étiquette</numerusform>
            <numerusform>%Ln étiquettes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln séquence</numerusform>
            <numerusform>%Ln séquences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln head(s)</source>
        <translation>
            <numerusform>%Ln tête</numerusform>
            <numerusform>%Ln têtes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DifferenceMap</name>
    <message>
        <source>S − S_baseline</source>
        <translation>S − S_référence</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Nouveau</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>&amp;Import arrays…</source>
        <translation>&amp;Importer des tableaux…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Leçons</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
    <message>
        <source>This scenario cannot be opened</source>
        <translation>Impossible d’ouvrir ce scénario</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 ouvert</translation>
    </message>
    <message>
        <source>linviz scenarios (*.json *.npz);;All files (*)</source>
        <translation>Scénarios linviz (*.json *.npz);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>linviz scenario, JSON (*.json)</source>
        <translation>Scénario linviz, JSON (*.json)</translation>
    </message>
    <message>
        <source>linviz scenario, JSON in columns: big ones open faster (*.json)</source>
        <translation>Scénario linviz, JSON en colonnes : les gros s’ouvrent plus vite (*.json)</translation>
    </message>
    <message>
        <source>linviz scenario archive, NumPy (*.npz)</source>
        <translation>Archive de scénario linviz, NumPy (*.npz)</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Ouvrir un scénario</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Sans titre</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>Enregistrement de %1…</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Enregistrer le scénario</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>This work cannot be recovered</source>
        <translation>Ce travail ne peut pas être récupéré</translation>
    </message>
    <message>
        <source>Recovered %1</source>
        <translation>%1 récupéré</translation>
    </message>
</context>
<context>
    <name>EquationPanel</name>
    <message>
        <source>The step as an equation</source>
        <translation>L’étape en équation</translation>
    </message>
    <message>
        <source>Step 0: the memory is empty</source>
        <translation>Étape 0 : la mémoire est vide</translation>
    </message>
    <message>
        <source>S is all zeros: nothing has been written yet. Add a write, or step forward, to see its stamp land in S.</source>
        <translation>S ne contient que des zéros : rien n’a encore été écrit. Ajoutez une écriture, ou avancez d’une étape, pour voir son empreinte s’ajouter à S.</translation>
    </message>
    <message>
        <source>S before</source>
        <translation>S avant</translation>
    </message>
    <message>
        <source>stamp {0} {1}</source>
        <translation>empreinte {0} {1}</translation>
    </message>
    <message>
        <source>S after</source>
        <translation>S après</translation>
    </message>
    <message>
        <source>S ← α·S + {0} {1} with α = {2}</source>
        <translation>S ← α·S + {0} {1} avec α = {2}</translation>
    </message>
    <message>
        <source>S ← S + {0} {1}</source>
        <translation>S ← S + {0} {1}</translation>
    </message>
    <message>
        <source>Step {0}: write {1}.</source>
        <translation>Étape {0} : écriture {1}.</translation>
    </message>
    <message>
        <source>output y</source>
        <translation>sortie y</translation>
    </message>
    <message>
        <source>y hidden: press R</source>
        <translation>y masqué : appuyez sur R</translation>
    </message>
    <message>
        <source>query {0}ᵀ</source>
        <translation>requête {0}ᵀ</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>y = {0}ᵀ S</source>
        <translation>y = {0}ᵀ S</translation>
    </message>
    <message>
        <source>y = {0}ᵀ S ÷ {0}ᵀz</source>
        <translation>y = {0}ᵀ S ÷ {0}ᵀz</translation>
    </message>
    <message>
        <source>Step {0}: read {1}.</source>
        <translation>Étape {0} : lecture {1}.</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <source>linviz: unexpected error</source>
        <translation>linviz : erreur inattendue</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>&amp;Copier les détails</translation>
    </message>
    <message>
        <source>Something went wrong inside linviz: %1
Your scenario is kept; you can go on working, and save it.</source>
        <translation>Un problème est survenu dans linviz : %1
Votre scénario est conservé ; vous pouvez continuer à travailler et l’enregistrer.</translation>
    </message>
    <message>
        <source>The details are also in %1</source>
        <translation>Les détails se trouvent aussi dans %1</translation>
    </message>
    <message>
        <source>The details could not be written to a log file.</source>
        <translation>Les détails n’ont pas pu être écrits dans un fichier journal.</translation>
    </message>
    <message>
        <source>This happened %1 times (the log has each).</source>
        <translation>C’est arrivé %1 fois (le journal les contient toutes).</translation>
    </message>
</context>
<context>
    <name>ErrorParts</name>
    <message>
        <source>crosstalk</source>
        <translation>diaphonie</translation>
    </message>
    <message>
        <source>not overwritten</source>
        <translation>non écrasé</translation>
    </message>
    <message>
        <source>forgetting</source>
        <translation>oubli</translation>
    </message>
    <message>
        <source>own scale</source>
        <translation>échelle propre</translation>
    </message>
    <message>
        <source>normaliser</source>
        <translation>normalisation</translation>
    </message>
    <message>
        <source>crosstalk from other keys</source>
        <translation>diaphonie venue des autres clés</translation>
    </message>
    <message>
        <source>left behind by an earlier write under the same key</source>
        <translation>laissé par une écriture antérieure sous la même clé</translation>
    </message>
    <message>
        <source>forgetting (decay of what the target stored)</source>
        <translation>oubli (décroissance de ce que la cible a stocké)</translation>
    </message>
    <message>
        <source>the target&apos;s own term is not its value (its size or β)</source>
        <translation>le terme propre de la cible n’est pas sa valeur (sa taille ou β)</translation>
    </message>
    <message>
        <source>the normaliser&apos;s division</source>
        <translation>la division par la normalisation</translation>
    </message>
    <message>
        <source>share of the error&apos;s parts, by size</source>
        <translation>part des composantes de l’erreur, par taille</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <source>E&amp;xport</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>Save this lab&apos;s figure as an image (PNG, SVG or PDF) or its numbers as CSV</source>
        <translation>Enregistrer la figure de ce labo en image (PNG, SVG ou PDF) ou ses nombres en CSV</translation>
    </message>
    <message>
        <source>&amp;Image (PNG, SVG or PDF)…</source>
        <translation>&amp;Image (PNG, SVG ou PDF)…</translation>
    </message>
    <message>
        <source>The figure as it is on screen, for slides</source>
        <translation>La figure telle qu’elle est à l’écran, pour des diapositives</translation>
    </message>
    <message>
        <source>&amp;Numbers (CSV)…</source>
        <translation>&amp;Nombres (CSV)…</translation>
    </message>
    <message>
        <source>Every number the figure shows, one row each</source>
        <translation>Chaque nombre que montre la figure, une ligne chacun</translation>
    </message>
    <message>
        <source>Export the figure</source>
        <translation>Exporter la figure</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>Image PNG (*.png);;Dessin SVG (*.svg);;Document PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the numbers</source>
        <translation>Exporter les nombres</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Tableau CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Échec de l’export</translation>
    </message>
    <message>
        <source>Exported {0}</source>
        <translation>{0} exporté</translation>
    </message>
</context>
<context>
    <name>ExportOptionsDialog</name>
    <message>
        <source>Export options</source>
        <translation>Options d’export</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format :</translation>
    </message>
    <message>
        <source>Pixels per screen pixel: 2× or more for slides</source>
        <translation>Pixels par pixel d’écran : 2× ou plus pour des diapositives</translation>
    </message>
    <message>
        <source>Transparent background</source>
        <translation>Fond transparent</translation>
    </message>
    <message>
        <source> ms per step</source>
        <translation> ms par étape</translation>
    </message>
    <message>
        <source>Include the table of steps, the settings and the buttons</source>
        <translation>Inclure le tableau des étapes, les réglages et les boutons</translation>
    </message>
    <message>
        <source>Left out by default: a slide shows the memory, not the editors</source>
        <translation>Omis par défaut : une diapositive montre la mémoire, pas les éditeurs</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>Échelle :</translation>
    </message>
    <message>
        <source>Frame duration:</source>
        <translation>Durée d’une image :</translation>
    </message>
    <message>
        <source>Vector image: sharp at any size.</source>
        <translation>Image vectorielle : nette à toute taille.</translation>
    </message>
</context>
<context>
    <name>Guarded</name>
    <message>
        <source>cannot draw this view: %1</source>
        <translation>impossible de dessiner cette vue : %1</translation>
    </message>
</context>
<context>
    <name>HeatmapPanel</name>
    <message>
        <source>Memory S</source>
        <translation>Mémoire S</translation>
    </message>
    <message>
        <source>Hover a cell to read its value.</source>
        <translation>Survolez une case pour lire sa valeur.</translation>
    </message>
    <message>
        <source>key component i</source>
        <translation>composante i (clé)</translation>
    </message>
    <message>
        <source>value component j</source>
        <translation>composante j (valeur)</translation>
    </message>
    <message>
        <source>value of S[i, j]</source>
        <translation>valeur de S[i, j]</translation>
    </message>
    <message>
        <source>S: empty memory (nothing written yet)</source>
        <translation>S : mémoire vide (rien d’écrit encore)</translation>
    </message>
    <message>
        <source>S after step {0} (write {1})</source>
        <translation>S après l’étape {0} (écriture {1})</translation>
    </message>
    <message>
        <source>S at step {0} (read {1} leaves S unchanged)</source>
        <translation>S à l’étape {0} (la lecture {1} laisse S inchangée)</translation>
    </message>
    <message>
        <source>Hover a cell to see what it is made of.</source>
        <translation>Survolez une case pour voir de quoi elle est faite.</translation>
    </message>
    <message>
        <source>◥ marks a cell that holds a blend of several writes.</source>
        <translation>◥ marque une case qui mêle plusieurs écritures.</translation>
    </message>
    <message>
        <source>Cells too small to mark the blends of several writes.</source>
        <translation>Cases trop petites pour marquer les mélanges de plusieurs écritures.</translation>
    </message>
    <message>
        <source>Outlined rows: where the stamp of {0} landed.</source>
        <translation>Lignes encadrées : là où l’empreinte de {0} s’est posée.</translation>
    </message>
    <message>
        <source>Bar on the left: the rows where the stamp of {0} landed.</source>
        <translation>Barre à gauche : les lignes où l’empreinte de {0} s’est posée.</translation>
    </message>
    <message>
        <source>&lt;b&gt;[{0}, {1}] = {2}&lt;/b&gt;</source>
        <translation>&lt;b&gt;[{0}, {1}] = {2}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;S[{0}, {1}] = {2}&lt;/b&gt;</source>
        <translation>&lt;b&gt;S[{0}, {1}] = {2}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No write has put anything here yet.</source>
        <translation>Aucune écriture n’a encore rien mis ici.</translation>
    </message>
    <message>
        <source>from one write:</source>
        <translation>d’une seule écriture :</translation>
    </message>
    <message>
        <source>a blend of {0} writes:</source>
        <translation>un mélange de {0} écritures :</translation>
    </message>
    <message numerus="yes">
        <source>%Ln smaller terms: {0}</source>
        <translation>
            <numerusform>%Ln terme plus petit : {0}</numerusform>
            <numerusform>%Ln termes plus petits : {0}</numerusform>
        </translation>
    </message>
    <message>
        <source>total: {0}</source>
        <translation>total : {0}</translation>
    </message>
</context>
<context>
    <name>HiddenNotice</name>
    <message>
        <source>Output hidden — predict it, then press R (or click here) to reveal</source>
        <translation>Sortie masquée — prédisez-la, puis appuyez sur R (ou cliquez ici) pour la révéler</translation>
    </message>
    <message>
        <source>Predict the output, then reveal (R)</source>
        <translation>Prédisez la sortie, puis révélez-la (R)</translation>
    </message>
    <message>
        <source>Prediction entered: {0}</source>
        <translation>Prédiction saisie : {0}</translation>
    </message>
    <message>
        <source>prediction {0} · true {1} · off by {2}</source>
        <translation>prédiction {0} · vraie valeur {1} · écart {2}</translation>
    </message>
    <message>
        <source>Click to reveal</source>
        <translation>Cliquer pour révéler</translation>
    </message>
</context>
<context>
    <name>ImportArraysDialog</name>
    <message>
        <source>Import arrays</source>
        <translation>Importer des tableaux</translation>
    </message>
    <message>
        <source>{0}: arrays {1}; {2} rows, {3} batch entries, {4} heads</source>
        <translation>{0} : tableaux {1} ; {2} lignes, {3} entrées de lot, {4} têtes</translation>
    </message>
    <message>
        <source>The batch entry to open, from 0</source>
        <translation>L’entrée du lot à ouvrir, à partir de 0</translation>
    </message>
    <message>
        <source>The head to open, from 0</source>
        <translation>La tête à ouvrir, à partir de 0</translation>
    </message>
    <message>
        <source>as the arrays say</source>
        <translation>selon les tableaux</translation>
    </message>
    <message>
        <source>beta gives the delta rule, g or alpha the gated rule, both gated delta</source>
        <translation>beta donne la règle delta, g ou alpha la règle à oubli, les deux la delta à oubli</translation>
    </message>
    <message>
        <source>&amp;Scale queries by d_k^-½, as flash-linear-attention does</source>
        <translation>&amp;Multiplier les requêtes par d_k^-½, comme flash-linear-attention</translation>
    </message>
    <message>
        <source>flash-linear-attention multiplies q by d_k^-½: the reads are then the layer&apos;s outputs. S is the same either way</source>
        <translation>flash-linear-attention multiplie q par d_k^-½ : les lectures sont alors les sorties de la couche. S est le même dans les deux cas</translation>
    </message>
    <message>
        <source>&amp;Batch entry</source>
        <translation>Entrée du &amp;lot</translation>
    </message>
    <message>
        <source>&amp;Head</source>
        <translation>&amp;Tête</translation>
    </message>
    <message>
        <source>&amp;Rule</source>
        <translation>&amp;Règle</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npz *.npy);;All files (*)</source>
        <translation>Tableaux NumPy (*.npz *.npy);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>These arrays cannot be opened</source>
        <translation>Ces tableaux ne peuvent pas être ouverts</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importation de %1…</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 ouvert</translation>
    </message>
</context>
<context>
    <name>KeyPlanePanel</name>
    <message>
        <source>Key plane</source>
        <translation>Plan des clés</translation>
    </message>
    <message>
        <source>key component {0}</source>
        <translation>composante {0} de la clé</translation>
    </message>
    <message>
        <source>key {0} (step {1}) = {2}</source>
        <translation>clé {0} (étape {1}) = {2}</translation>
    </message>
    <message>
        <source>No other key to compare with yet.</source>
        <translation>Aucune autre clé à comparer pour l’instant.</translation>
    </message>
    <message>
        <source>cosine with every other key:</source>
        <translation>cosinus avec chacune des autres clés :</translation>
    </message>
    <message>
        <source>  {0}: {1}</source>
        <translation>  {0} : {1}</translation>
    </message>
    <message numerus="yes">
        <source>  … and %Ln more (smaller)</source>
        <translation>
            <numerusform>  … et %Ln autre (plus petit)</numerusform>
            <numerusform>  … et %Ln autres (plus petits)</numerusform>
        </translation>
    </message>
    <message>
        <source>Drag the tip to move this key.</source>
        <translation>Faites glisser la pointe pour déplacer cette clé.</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Show the keys and queries as written (drag to move them)</source>
        <translation>Montrer les clés et les requêtes telles qu’écrites (glissez pour les déplacer)</translation>
    </message>
    <message>
        <source>φ(k)</source>
        <translation>φ(k)</translation>
    </message>
    <message>
        <source>Show what S stores: φ(k) for every key, φ(q) for every query</source>
        <translation>Montrer ce que S stocke : φ(k) pour chaque clé, φ(q) pour chaque requête</translation>
    </message>
    <message>
        <source>shows:</source>
        <translation>montre :</translation>
    </message>
    <message>
        <source>solid: keys · dashed: queries · faded: later · drag a tip to move it</source>
        <translation>plein : clés · tirets : requêtes · estompé : plus tard · glissez une pointe pour la déplacer</translation>
    </message>
    <message>
        <source>solid: φ(k) = k · dashed: φ(q) = q · faded: later · drag a tip to move it</source>
        <translation>plein : φ(k) = k · tirets : φ(q) = q · estompé : plus tard · glissez une pointe pour la déplacer</translation>
    </message>
    <message>
        <source>solid: φ(k), what S stores · dashed: φ(q) · to drag, switch to k</source>
        <translation>plein : φ(k), ce que S stocke · tirets : φ(q) · pour glisser, passez à k</translation>
    </message>
    <message>
        <source>φ(k) component {0}</source>
        <translation>composante {0} de φ(k)</translation>
    </message>
    <message>
        <source>φ(k) is shown, and φ cannot be undone: switch the key plane to k to drag keys.</source>
        <translation>φ(k) est affiché, et φ ne s’inverse pas : passez le plan des clés à k pour glisser les clés.</translation>
    </message>
    <message>
        <source>what S stores: {0} = {1}</source>
        <translation>ce que S stocke : {0} = {1}</translation>
    </message>
    <message>
        <source>cosine of φ(k) with every other stored φ(k):</source>
        <translation>cosinus de φ(k) avec chaque autre φ(k) stockée :</translation>
    </message>
    <message>
        <source>query {0} (step {1}) = {2}</source>
        <translation>requête {0} (étape {1}) = {2}</translation>
    </message>
    <message>
        <source>φ(q)</source>
        <translation>φ(q)</translation>
    </message>
    <message>
        <source>meant to retrieve {0}</source>
        <translation>censée retrouver {0}</translation>
    </message>
    <message>
        <source>no single target: {0} weigh the same</source>
        <translation>pas de cible unique : {0} pèsent autant</translation>
    </message>
    <message>
        <source>Drag the tip to move this query.</source>
        <translation>Faites glisser la pointe pour déplacer cette requête.</translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <source>Ne&amp;xt panel</source>
        <translation>Panneau &amp;suivant</translation>
    </message>
    <message>
        <source>Focus the next panel</source>
        <translation>Donner le focus au panneau suivant</translation>
    </message>
    <message>
        <source>Pre&amp;vious panel</source>
        <translation>Panneau pré&amp;cédent</translation>
    </message>
    <message>
        <source>Focus the previous panel</source>
        <translation>Donner le focus au panneau précédent</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>Every action and its keys</source>
        <translation>Chaque action et ses touches</translation>
    </message>
    <message>
        <source>Panel: {0}</source>
        <translation>Panneau : {0}</translation>
    </message>
    <message>
        <source>Step to a write or a read to move its vector.</source>
        <translation>Allez à une écriture ou une lecture pour déplacer son vecteur.</translation>
    </message>
    <message>
        <source>Next / previous control</source>
        <translation>Contrôle suivant / précédent</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Maj+Tab</translation>
    </message>
    <message>
        <source>Move the current key or query (key plane focused)</source>
        <translation>Déplacer la clé ou la requête en cours (plan des clés actif)</translation>
    </message>
    <message>
        <source>Arrow keys; with Shift, larger steps</source>
        <translation>Flèches ; avec Maj, de plus grands pas</translation>
    </message>
    <message>
        <source>Open a menu</source>
        <translation>Ouvrir un menu</translation>
    </message>
    <message>
        <source>Alt + the underlined letter</source>
        <translation>Alt + la lettre soulignée</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source>Every action of the window and the keys that run it</source>
        <translation>Chaque action de la fenêtre et les touches qui la lancent</translation>
    </message>
    <message>
        <source>Close this list</source>
        <translation>Fermer cette liste</translation>
    </message>
</context>
<context>
    <name>LabNotebookDialog</name>
    <message>
        <source>Lab notebook</source>
        <translation>Cahier de labo</translation>
    </message>
    <message>
        <source>What the room predicted, before the run</source>
        <translation>Ce que la salle a prédit, avant l’essai</translation>
    </message>
    <message>
        <source>What the run showed</source>
        <translation>Ce que l’essai a montré</translation>
    </message>
    <message>
        <source>One line: why the change did that</source>
        <translation>Une ligne : pourquoi le changement a eu cet effet</translation>
    </message>
    <message>
        <source>Where the explanation stops holding (optional)</source>
        <translation>Où l’explication cesse de tenir (facultatif)</translation>
    </message>
    <message>
        <source>What to change next (optional)</source>
        <translation>Que changer ensuite (facultatif)</translation>
    </message>
    <message>
        <source>From P</source>
        <translation>Depuis P</translation>
    </message>
    <message>
        <source>Take the prediction entered with P for the read at the cursor</source>
        <translation>Reprendre la prédiction saisie avec P pour la lecture sous le curseur</translation>
    </message>
    <message>
        <source>From the read</source>
        <translation>Depuis la lecture</translation>
    </message>
    <message>
        <source>Take what the read at the cursor returns now and with the baseline</source>
        <translation>Reprendre ce que la lecture sous le curseur renvoie maintenant et avec la référence</translation>
    </message>
    <message>
        <source>Prediction (P)</source>
        <translation>Prédiction (P)</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observé</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Explication</translation>
    </message>
    <message>
        <source>Boundary</source>
        <translation>Limite</translation>
    </message>
    <message>
        <source>Next experiment</source>
        <translation>Expérience suivante</translation>
    </message>
    <message>
        <source>Record entry</source>
        <translation>Consigner l’entrée</translation>
    </message>
    <message>
        <source>Export Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>Exporter en PDF…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Changes since the baseline</source>
        <translation>Changements depuis la référence</translation>
    </message>
    <message>
        <source>No baseline is pinned. Pin one (Class ▸ Pin baseline, B), then change one thing: every change is listed here.</source>
        <translation>Aucune référence épinglée. Épinglez-en une (Classe ▸ Épingler la référence, B), puis changez une seule chose : chaque changement s’affiche ici.</translation>
    </message>
    <message>
        <source>Nothing has changed since the baseline.</source>
        <translation>Rien n’a changé depuis la référence.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln changes since the baseline:</source>
        <translation>
            <numerusform>%Ln changement depuis la référence :</numerusform>
            <numerusform>%Ln changements depuis la référence :</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: {count} variables changed ({names}). Change one at a time, or the result cannot say which change caused it.</source>
        <translation>Attention : {count} variables ont changé ({names}). Changez-en une à la fois, sinon le résultat ne dit pas quel changement l’a causé.</translation>
    </message>
    <message>
        <source>title</source>
        <translation>titre</translation>
    </message>
    <message>
        <source>caption</source>
        <translation>légende</translation>
    </message>
    <message>
        <source>feature map</source>
        <translation>fonction φ</translation>
    </message>
    <message>
        <source>normaliser</source>
        <translation>normalisation</translation>
    </message>
    <message>
        <source>rule</source>
        <translation>règle</translation>
    </message>
    <message>
        <source>position</source>
        <translation>position</translation>
    </message>
    <message>
        <source>step</source>
        <translation>étape</translation>
    </message>
    <message>
        <source>label</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>notes</translation>
    </message>
    <message>
        <source>question</source>
        <translation>question</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <source>op</source>
        <translation>op.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activée</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>supprimée</translation>
    </message>
    <message>
        <source>step {0}</source>
        <translation>étape {0}</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>gated delta</source>
        <translation>delta à porte</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>additive</translation>
    </message>
    <message>
        <source>delta</source>
        <translation>delta</translation>
    </message>
    <message>
        <source>gated</source>
        <translation>à porte</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>paramètres</translation>
    </message>
    <message>
        <source>step {0} ({1})</source>
        <translation>étape {0} ({1})</translation>
    </message>
    <message>
        <source>{where}, {field}: {old} → {new}</source>
        <translation>{where}, {field} : {old} → {new}</translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more changes</source>
        <translation>
            <numerusform>… et %Ln autre changement</numerusform>
            <numerusform>… et %Ln autres changements</numerusform>
        </translation>
    </message>
    <message>
        <source>{field} of {label}</source>
        <translation>{field} de {label}</translation>
    </message>
    <message>
        <source>No entries yet</source>
        <translation>Aucune entrée pour l’instant</translation>
    </message>
    <message>
        <source>Entries: {n}</source>
        <translation>Entrées : {n}</translation>
    </message>
    <message>
        <source>Export lab notebook</source>
        <translation>Exporter le cahier de labo</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>LabPage</name>
    <message>
        <source>Working out the lab “%1”…</source>
        <translation>Calcul du labo « %1 »…</translation>
    </message>
    <message>
        <source>cannot write {0}: {1}</source>
        <translation>impossible d’écrire {0} : {1}</translation>
    </message>
</context>
<context>
    <name>LabTabs</name>
    <message>
        <source>The scenario: S, the planes, the readout (Ctrl+1)</source>
        <translation>Le scénario : S, les plans, la lecture (Ctrl+1)</translation>
    </message>
    <message>
        <source>&amp;Labs</source>
        <translation>&amp;Labos</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <source>Memory cost</source>
        <translation>Coût mémoire</translation>
    </message>
    <message>
        <source>Recall test</source>
        <translation>Test de rappel</translation>
    </message>
    <message>
        <source>Spotlight</source>
        <translation>Faisceau</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Filling up</source>
        <translation>Remplissage</translation>
    </message>
    <message>
        <source>Cost per token</source>
        <translation>Coût par jeton</translation>
    </message>
    <message>
        <source>The scenario: S, the planes, the readout</source>
        <translation>Le scénario : S, les plans, la lecture</translation>
    </message>
    <message>
        <source>Memory cost: a growing KV cache against one fixed state S</source>
        <translation>Coût mémoire : un cache KV qui grandit face à un état S de taille fixe</translation>
    </message>
    <message>
        <source>The controlled recall test: store N pairs, read each back</source>
        <translation>Le test de rappel contrôlé : stocker N paires, relire chacune</translation>
    </message>
    <message>
        <source>Spotlight vs floodlight: softmax and linear weights of a read</source>
        <translation>Faisceau ou plein feu : les poids softmax et linéaires d’une lecture</translation>
    </message>
    <message>
        <source>The scenario under the additive, delta and gated rules</source>
        <translation>Le scénario sous les règles additive, delta et à porte</translation>
    </message>
    <message>
        <source>Memory filling up: singular values and effective rank of S</source>
        <translation>La mémoire se remplit : valeurs singulières et rang effectif de S</translation>
    </message>
    <message>
        <source>Time per new token, measured here: softmax over a growing cache against one state update</source>
        <translation>Temps par nouveau jeton, mesuré ici : softmax sur un cache qui grandit contre une mise à jour de l’état</translation>
    </message>
</context>
<context>
    <name>LongReplayWatch</name>
    <message>
        <source>Working out the memory through %1 more writes…</source>
        <translation>Calcul de la mémoire sur %1 écritures de plus…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;Projector mode</source>
        <translation>Mode pro&amp;jecteur</translation>
    </message>
    <message>
        <source>Large high-contrast view for a lecture hall (Esc leaves)</source>
        <translation>Grand affichage très contrasté pour un amphithéâtre (Échap pour quitter)</translation>
    </message>
    <message>
        <source>Leave projector mode</source>
        <translation>Quitter le mode projecteur</translation>
    </message>
    <message>
        <source>Snap to 0.1 &amp;grid</source>
        <translation>Aimanter à la &amp;grille de 0,1</translation>
    </message>
    <message>
        <source>Snap to &amp;unit length</source>
        <translation>Aimanter à la longueur &amp;unité</translation>
    </message>
    <message>
        <source>&amp;Follow the feature map</source>
        <translation>&amp;Suivre la fonction φ</translation>
    </message>
    <message>
        <source>φ(k) when the feature map is not the identity, else k</source>
        <translation>φ(k) quand la fonction φ n’est pas l’identité, sinon k</translation>
    </message>
    <message>
        <source>&amp;Keys as written, k</source>
        <translation>&amp;Clés telles qu’écrites, k</translation>
    </message>
    <message>
        <source>Keys and queries as written</source>
        <translation>Clés et requêtes telles qu’écrites</translation>
    </message>
    <message>
        <source>&amp;What S stores, φ(k)</source>
        <translation>Ce que S s&amp;tocke, φ(k)</translation>
    </message>
    <message>
        <source>φ(k) for every key, φ(q) for every query</source>
        <translation>φ(k) pour chaque clé, φ(q) pour chaque requête</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
    <message>
        <source>&amp;About linviz</source>
        <translation>À &amp;propos de linviz</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>A&amp;ller</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>L&amp;anguage</source>
        <translation>La&amp;ngue</translation>
    </message>
    <message>
        <source>&amp;Key plane shows</source>
        <translation>Le plan des clés &amp;montre</translation>
    </message>
    <message>
        <source>&amp;Steps</source>
        <translation>Ét&amp;apes</translation>
    </message>
    <message>
        <source>Setti&amp;ngs</source>
        <translation>Paramètr&amp;es</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>A dragged tip lands on a multiple of 0.1; on a plane narrower than 1, of a round step about a tenth of it</source>
        <translation>Une pointe déplacée tombe sur un multiple de 0,1 ; sur un plan de moins de 1 de large, d’un pas rond d’environ un dixième de sa largeur</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>non enregistré</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Annuler %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Rétablir %1</translation>
    </message>
    <message>
        <source>edit step</source>
        <translation>modification de l’étape</translation>
    </message>
    <message>
        <source>add step</source>
        <translation>ajout d’une étape</translation>
    </message>
    <message>
        <source>delete step</source>
        <translation>suppression d’une étape</translation>
    </message>
    <message>
        <source>move step</source>
        <translation>déplacement d’une étape</translation>
    </message>
    <message>
        <source>change settings</source>
        <translation>changement des paramètres</translation>
    </message>
    <message>
        <source>change dimensions</source>
        <translation>changement des dimensions</translation>
    </message>
    <message>
        <source>edit title</source>
        <translation>modification du titre</translation>
    </message>
    <message>
        <source>edit caption</source>
        <translation>modification de la légende</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <source>nudge {0} {1}</source>
        <translation>déplacement fin de la {0} {1}</translation>
    </message>
    <message>
        <source>move {0} {1}</source>
        <translation>déplacement de la {0} {1}</translation>
    </message>
    <message>
        <source>edit caption {0}</source>
        <translation>modification de la légende de {0}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved. Save them first?</source>
        <translation>« %1 » a des modifications non enregistrées. Les enregistrer d’abord ?</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>Fichier modifié sur le disque</translation>
    </message>
    <message>
        <source>%1 changed on disk since it was opened or last saved here (another window or program wrote it).

Overwrite it with this window&apos;s scenario, save under another name, or cancel?</source>
        <translation>%1 a été modifié sur le disque depuis son ouverture ou son dernier enregistrement ici (une autre fenêtre ou un autre programme l’a écrit).

L’écraser avec le scénario de cette fenêtre, l’enregistrer sous un autre nom, ou annuler ?</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>&amp;Écraser</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>About linviz</source>
        <translation>À propos de linviz</translation>
    </message>
    <message>
        <source>linviz %1

Linear attention keeps its memory in one fixed-size matrix S. Every write adds an outer product; every read is a weighted sum of everything stored, so overlapping keys blend.</source>
        <translation>linviz %1

L’attention linéaire garde sa mémoire dans une seule matrice S de taille fixe. Chaque écriture y ajoute un produit extérieur ; chaque lecture est une somme pondérée de tout ce qui est stocké, si bien que des clés qui se recouvrent se mélangent.</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <source>Memory cost</source>
        <translation>Coût mémoire</translation>
    </message>
    <message>
        <source>&amp;Preset</source>
        <translation>&amp;Préréglage</translation>
    </message>
    <message>
        <source>The course&apos;s head (d = 128)</source>
        <translation>La tête du cours (d = 128)</translation>
    </message>
    <message>
        <source>A whole model (32 layers × 8 heads)</source>
        <translation>Un modèle entier (32 couches × 8 têtes)</translation>
    </message>
    <message>
        <source>Your own shape</source>
        <translation>Votre propre forme</translation>
    </message>
    <message>
        <source>The course&apos;s head: 1 layer, 1 head, head size 128, bf16. A whole model: 32 layers of 8 heads each, head size 128, bf16</source>
        <translation>La tête du cours : 1 couche, 1 tête, taille de tête 128, bf16. Un modèle entier : 32 couches de 8 têtes chacune, taille de tête 128, bf16</translation>
    </message>
    <message>
        <source>Layers of attention in the model</source>
        <translation>Couches d’attention du modèle</translation>
    </message>
    <message>
        <source>Attention heads in each layer</source>
        <translation>Têtes d’attention de chaque couche</translation>
    </message>
    <message>
        <source>Head size d: a key and a value have d numbers each, and S is d × d</source>
        <translation>Taille de tête d : une clé et une valeur ont d nombres chacune, et S fait d × d</translation>
    </message>
    <message>
        <source>&amp;Layers</source>
        <translation>&amp;Couches</translation>
    </message>
    <message>
        <source>&amp;Heads</source>
        <translation>&amp;Têtes</translation>
    </message>
    <message>
        <source>Head si&amp;ze</source>
        <translation>Taille de tê&amp;te</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>&amp;Format</translation>
    </message>
    <message>
        <source>{0} ({1} B each)</source>
        <translation>{0} ({1} o chacun)</translation>
    </message>
    <message>
        <source>Number format: fp32 takes 4 bytes a number, bf16 and fp16 2, fp8 1</source>
        <translation>Format des nombres : fp32 prend 4 octets par nombre, bf16 et fp16 2, fp8 1</translation>
    </message>
    <message>
        <source>Context &amp;length</source>
        <translation>&amp;Longueur du contexte</translation>
    </message>
    <message>
        <source>The context length read out, from 1 token to 10¹² (log scale; ↑ ↓ step)</source>
        <translation>La longueur de contexte lue, de 1 jeton à 10¹² (échelle log ; ↑ ↓ pour avancer)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>The context length read out, in tokens</source>
        <translation>La longueur de contexte lue, en jetons</translation>
    </message>
    <message>
        <source>Both sizes as the context grows (log–log): the KV cache grows with every token, the state S stays the same size</source>
        <translation>Les deux tailles quand le contexte grandit (log–log) : le cache KV grandit à chaque jeton, l’état S garde la même taille</translation>
    </message>
    <message>
        <source>context length (tokens)</source>
        <translation>longueur du contexte (jetons)</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>mémoire</translation>
    </message>
    <message>
        <source>KV cache (softmax)</source>
        <translation>Cache KV (softmax)</translation>
    </message>
    <message>
        <source>State S (linear)</source>
        <translation>État S (linéaire)</translation>
    </message>
    <message>
        <source>2 · layers · heads · head size · bytes per number · tokens</source>
        <translation>2 · couches · têtes · taille de tête · octets par nombre · jetons</translation>
    </message>
    <message>
        <source>layers · heads · head size² · bytes per number</source>
        <translation>couches · têtes · taille de tête² · octets par nombre</translation>
    </message>
    <message>
        <source>Pre&amp;dict first</source>
        <translation>Pré&amp;dire d’abord</translation>
    </message>
    <message>
        <source>Hide both sizes so the room can estimate them, then reveal</source>
        <translation>Masquer les deux tailles pour que la salle les estime, puis les révéler</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>&amp;Révéler</translation>
    </message>
    <message>
        <source>Show both sizes and how far the estimates were</source>
        <translation>Montrer les deux tailles et l’écart des estimations</translation>
    </message>
    <message>
        <source>Estimate of the KV cache</source>
        <translation>Estimation du cache KV</translation>
    </message>
    <message>
        <source>The room&apos;s estimate of the KV cache at this length</source>
        <translation>L’estimation de la salle pour le cache KV à cette longueur</translation>
    </message>
    <message>
        <source>Estimate of the state</source>
        <translation>Estimation de l’état</translation>
    </message>
    <message>
        <source>The room&apos;s estimate of the state S</source>
        <translation>L’estimation de la salle pour l’état S</translation>
    </message>
    <message>
        <source>Estimate: &amp;KV cache</source>
        <translation>Estimation : cache &amp;KV</translation>
    </message>
    <message>
        <source>&amp;State S</source>
        <translation>État &amp;S</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <source>state S</source>
        <translation>état S</translation>
    </message>
    <message>
        <source>the cache passes S at {0} tokens</source>
        <translation>le cache dépasse S à {0} jetons</translation>
    </message>
    <message>
        <source>At {0} tokens</source>
        <translation>À {0} jetons</translation>
    </message>
    <message>
        <source>{0} bytes</source>
        <translation>{0} octets</translation>
    </message>
    <message>
        <source>{0} bytes, at any length</source>
        <translation>{0} octets, quelle que soit la longueur</translation>
    </message>
    <message>
        <source>The cache is {0}&#x202f;× the state here.</source>
        <translation>Ici, le cache fait {0}&#x202f;× l’état.</translation>
    </message>
    <message>
        <source>Hidden: estimate both sizes, then press Reveal</source>
        <translation>Masqué : estimez les deux tailles, puis appuyez sur Révéler</translation>
    </message>
    <message>
        <source>A softmax model&apos;s KV cache against linear attention&apos;s fixed state</source>
        <translation>Le cache KV d’un modèle softmax face à l’état fixe de l’attention linéaire</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>hidden until revealed</source>
        <translation>masqué jusqu’à la révélation</translation>
    </message>
    <message>
        <source>No tokens yet: the cache is empty, S already has its full size.</source>
        <translation>Aucun jeton encore : le cache est vide, S a déjà sa taille complète.</translation>
    </message>
    <message>
        <source>layers × heads: {layers} × {heads} · head size {d} · {dtype}</source>
        <translation>couches × têtes : {layers} × {heads} · taille de tête {d} · {dtype}</translation>
    </message>
    <message>
        <source>Estimate {0}: exactly right</source>
        <translation>Estimation {0} : tout juste</translation>
    </message>
    <message>
        <source>Estimate {0}: {1} too low (the true size is {2} × it)</source>
        <translation>Estimation {0} : {1} trop bas (la vraie taille en fait {2} ×)</translation>
    </message>
    <message>
        <source>Estimate {0}: {1} too high (the true size is {2} × it)</source>
        <translation>Estimation {0} : {1} trop haut (la vraie taille en fait {2} ×)</translation>
    </message>
</context>
<context>
    <name>MqarView</name>
    <message>
        <source>Key-value pairs in each sequence, N (1 to {0})</source>
        <translation>Paires clé-valeur de chaque séquence, N (1 à {0})</translation>
    </message>
    <message>
        <source>Key sizes d, the state d × d ({0} to {1}), e.g. 4, 8, 16, 32</source>
        <translation>Tailles d des clés, l’état d × d ({0} à {1}), p. ex. 4, 8, 16, 32</translation>
    </message>
    <message>
        <source>Sequences per point, each of its own seed</source>
        <translation>Séquences par point, chacune de sa propre graine</translation>
    </message>
    <message>
        <source>The delta rule&apos;s writing strength β, in [0, 1]</source>
        <translation>La force d’écriture β de la règle delta, dans [0, 1]</translation>
    </message>
    <message>
        <source>The random seed: the same seed gives the same numbers</source>
        <translation>La graine aléatoire : la même graine donne les mêmes nombres</translation>
    </message>
    <message>
        <source>&amp;Pairs N</source>
        <translation>&amp;Paires N</translation>
    </message>
    <message>
        <source>Sizes &amp;d</source>
        <translation>Tailles &amp;d</translation>
    </message>
    <message>
        <source>&amp;Trials</source>
        <translation>&amp;Essais</translation>
    </message>
    <message>
        <source>Delta &amp;β</source>
        <translation>&amp;β de la règle delta</translation>
    </message>
    <message>
        <source>S&amp;eed</source>
        <translation>&amp;Graine</translation>
    </message>
    <message>
        <source>measuring: %p%</source>
        <translation>mesure : %p %</translation>
    </message>
    <message>
        <source>The new settings are being measured; the figure follows</source>
        <translation>Les nouveaux réglages sont en cours de mesure ; la figure suivra</translation>
    </message>
    <message>
        <source>not a number: {0}</source>
        <translation>pas un nombre : {0}</translation>
    </message>
    <message>
        <source>additive rule</source>
        <translation>règle additive</translation>
    </message>
    <message>
        <source>delta rule (β = {0})</source>
        <translation>règle delta (β = {0})</translation>
    </message>
    <message>
        <source>MQAR (Zoology): {pairs} in {tokens}, {sequences} a point</source>
        <translation>MQAR (Zoology) : {pairs} en {tokens}, {sequences} par point</translation>
    </message>
    <message numerus="yes">
        <source>%Ln pairs</source>
        <translation>
            <numerusform>%Ln paire</numerusform>
            <numerusform>%Ln paires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln jeton</numerusform>
            <numerusform>%Ln jetons</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequences</source>
        <translation>
            <numerusform>%Ln séquence</numerusform>
            <numerusform>%Ln séquences</numerusform>
        </translation>
    </message>
    <message>
        <source>d = N = {0}: as many key numbers as pairs</source>
        <translation>d = N = {0} : autant de nombres de clé que de paires</translation>
    </message>
    <message>
        <source>state size d_k · d_v (log scale)</source>
        <translation>taille de l’état d_k · d_v (échelle log)</translation>
    </message>
    <message>
        <source>queries recalled</source>
        <translation>requêtes retrouvées</translation>
    </message>
    <message>
        <source>Curves: {0} (circles), {1} (squares). State sizes as Zoology counts them: DeltaNet and Gated DeltaNet keep H · d_k · d_v numbers ({2} for one head at d = {3}); attention keeps 2 · d_model · L ({4} at d_model = {3}, L = {5}).</source>
        <translation>Courbes : {0} (cercles), {1} (carrés). Tailles d’état comptées comme Zoology : DeltaNet et Gated DeltaNet gardent H · d_k · d_v nombres ({2} pour une tête à d = {3}) ; l’attention garde 2 · d_model · L ({4} à d_model = {3}, L = {5}).</translation>
    </message>
</context>
<context>
    <name>NumberText</name>
    <message>
        <source>… ({0} in all)</source>
        <translation>… ({0} au total)</translation>
    </message>
    <message>
        <source>{0}×{1} matrix, largest |entry| {2}</source>
        <translation>matrice {0}×{1}, plus grand |coefficient| {2}</translation>
    </message>
</context>
<context>
    <name>PredictionBox</name>
    <message>
        <source>Prediction</source>
        <translation>Prédiction</translation>
    </message>
    <message>
        <source>Set prediction</source>
        <translation>Enregistrer la prédiction</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Go to a read to enter a prediction for its output.</source>
        <translation>Allez à une lecture pour saisir une prédiction de sa sortie.</translation>
    </message>
    <message numerus="yes">
        <source>What will read {label} return? Type y&apos;s %Ln numbers, e.g. {example}.</source>
        <translation>
            <numerusform>Que renverra la lecture {label} ? Tapez le nombre de y (%Ln), par exemple {example}.</numerusform>
            <numerusform>Que renverra la lecture {label} ? Tapez les %Ln nombres de y, par exemple {example}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>y has %Ln components (d_v = {d_v}), </source>
        <translation>
            <numerusform>y a %Ln composante (d_v = {d_v}), </numerusform>
            <numerusform>y a %Ln composantes (d_v = {d_v}), </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>but %Ln numbers were typed.</source>
        <translation>
            <numerusform>mais %Ln nombre a été tapé.</numerusform>
            <numerusform>mais %Ln nombres ont été tapés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not a prediction of y: {reason}</source>
        <translation>Ce n’est pas une prédiction de y : {reason}</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>Pr&amp;esenter view (swap with the audience view)</source>
        <translation>Vue &amp;présentateur (échanger avec la vue du public)</translation>
    </message>
    <message>
        <source>Notes, question, next step and time for the instructor; X swaps it with the audience view</source>
        <translation>Notes, question, étape suivante et minuteur pour l’enseignant ; X l’échange avec la vue du public</translation>
    </message>
    <message>
        <source>&amp;Blank the audience screen</source>
        <translation>Écran du public en n&amp;oir</translation>
    </message>
    <message>
        <source>Black out the audience view; press . again to show it</source>
        <translation>Masquer la vue du public ; appuyez de nouveau sur . pour la remontrer</translation>
    </message>
    <message>
        <source>&amp;Presenter and clicker keys</source>
        <translation>Touches du présentateur et de la &amp;télécommande</translation>
    </message>
    <message>
        <source>Right, Page Down: next step (both windows)</source>
        <translation>Droite, Page suivante : étape suivante (dans les deux fenêtres)</translation>
    </message>
    <message>
        <source>Left, Page Up: previous step</source>
        <translation>Gauche, Page précédente : étape précédente</translation>
    </message>
    <message>
        <source>Space: play or pause; Home, End: first and last step</source>
        <translation>Espace : lecture ou pause ; Début, Fin : première et dernière étape</translation>
    </message>
    <message>
        <source>. : blank the audience screen, or show it again</source>
        <translation>. : écran du public en noir, ou de nouveau visible</translation>
    </message>
    <message>
        <source>X: presenter view; with one screen it swaps with the audience view, with two it swaps their screens</source>
        <translation>X : vue présentateur ; avec un écran, elle s’échange avec la vue du public, avec deux, leurs écrans s’échangent</translation>
    </message>
    <message>
        <source>F5: projector mode (with two screens: the audience view on the projector, the presenter view on the laptop); Esc leaves it</source>
        <translation>F5 : mode projecteur (avec deux écrans : la vue du public sur le projecteur, la vue présentateur sur l’ordinateur) ; Échap pour quitter</translation>
    </message>
    <message>
        <source>R: reveal the hidden output; B: pin a baseline; L: lab notebook</source>
        <translation>R : révéler la sortie masquée ; B : épingler une référence ; L : cahier de labo</translation>
    </message>
    <message>
        <source>Presenter and clicker keys</source>
        <translation>Touches du présentateur et de la télécommande</translation>
    </message>
</context>
<context>
    <name>PresenterView</name>
    <message>
        <source>linviz — presenter view</source>
        <translation>linviz — vue présentateur</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Remettre à zéro</translation>
    </message>
    <message>
        <source>Audience screen blank (. to show it)</source>
        <translation>Écran du public en noir (. pour le remontrer)</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Maintenant</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Ensuite</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Légende</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Question</translation>
    </message>
    <message>
        <source>Step {cursor} / {count}</source>
        <translation>Étape {cursor} / {count}</translation>
    </message>
    <message>
        <source>End of the scenario.</source>
        <translation>Fin du scénario.</translation>
    </message>
    <message>
        <source>No notes for this step.</source>
        <translation>Pas de notes pour cette étape.</translation>
    </message>
    <message>
        <source>No question for this step.</source>
        <translation>Pas de question pour cette étape.</translation>
    </message>
    <message>
        <source>written for the original numbers</source>
        <translation>écrit pour les nombres d’origine</translation>
    </message>
    <message>
        <source>{heading}: step 0</source>
        <translation>{heading} : étape 0</translation>
    </message>
    <message>
        <source>The empty memory: S is all zeros.</source>
        <translation>La mémoire vide : S ne contient que des zéros.</translation>
    </message>
    <message>
        <source>{heading}: step {number}</source>
        <translation>{heading} : étape {number}</translation>
    </message>
    <message>
        <source>write {label}
k = {key}
v = {value}</source>
        <translation>écriture {label}
k = {key}
v = {value}</translation>
    </message>
    <message>
        <source>hidden until revealed (R)</source>
        <translation>masqué jusqu’à la révélation (R)</translation>
    </message>
    <message>
        <source>read {label}
q = {query}
y = {output}</source>
        <translation>lecture {label}
q = {query}
y = {output}</translation>
    </message>
    <message>
        <source>S hidden until revealed</source>
        <translation>S masquée jusqu’à la révélation</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
</context>
<context>
    <name>ProjectorStage</name>
    <message>
        <source>Refused ({0})</source>
        <translation>Refusé ({0})</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusé</translation>
    </message>
</context>
<context>
    <name>ReadoutPanel</name>
    <message>
        <source>Measures of the read</source>
        <translation>Mesures de la lecture</translation>
    </message>
    <message>
        <source>Weight of each write</source>
        <translation>Poids de chaque écriture</translation>
    </message>
    <message>
        <source>Overlapping keys</source>
        <translation>Clés qui se recouvrent</translation>
    </message>
    <message>
        <source>What the read returned</source>
        <translation>Ce que la lecture a renvoyé</translation>
    </message>
    <message>
        <source>Click, then Ctrl+C to copy</source>
        <translation>Cliquez, puis Ctrl+C pour copier</translation>
    </message>
    <message>
        <source>Readout</source>
        <translation>Résultat de la lecture</translation>
    </message>
    <message>
        <source>Nothing written yet</source>
        <translation>Rien n’est encore écrit</translation>
    </message>
    <message>
        <source>S is empty: every read returns zeros.</source>
        <translation>S est vide : toute lecture renvoie des zéros.</translation>
    </message>
    <message>
        <source>Write {label}: key {key}, value {value}</source>
        <translation>Écriture {label} : clé {key}, valeur {value}</translation>
    </message>
    <message>
        <source>{label} is stored as φ({label}) = {phi}.</source>
        <translation>{label} est stockée sous la forme φ({label}) = {phi}.</translation>
    </message>
    <message>
        <source>The gate first scales all of S by α = {alpha}: what every earlier write stored fades, whatever its key.</source>
        <translation>La porte multiplie d’abord toute la matrice S par α = {alpha}&#x202f;: ce que chaque écriture précédente a stocké s’estompe, quelle que soit sa clé.</translation>
    </message>
    <message>
        <source>The first key: nothing to overlap yet.</source>
        <translation>La première clé : rien encore à recouvrir.</translation>
    </message>
    <message>
        <source>{name} is orthogonal to every earlier stored key: its stamp adds nothing to reads of them, though the decay above fades them.</source>
        <translation>{name} est orthogonale à toutes les clés stockées avant elle&#x202f;: son empreinte n’ajoute rien à leurs lectures, mais l’oubli ci-dessus les estompe.</translation>
    </message>
    <message>
        <source>φ({label}) is orthogonal to every earlier stored key φ(k): it stores without disturbing them.</source>
        <translation>φ({label}) est orthogonale à toutes les clés stockées avant elle φ(k) : elle se stocke sans les perturber.</translation>
    </message>
    <message>
        <source>{label} is orthogonal to every earlier key: it stores without disturbing them.</source>
        <translation>{label} est orthogonale à toutes les clés précédentes : elle se stocke sans les perturber.</translation>
    </message>
    <message>
        <source>{name} overlaps earlier keys. Under the delta rule, with β = {beta}, it adds u = β × (its value − what S returned for its key) = {u}; a read whose key overlaps {name} moves by that key&apos;s dot product with {name} times u:</source>
        <translation>{name} recouvre des clés précédentes. Avec la règle delta et β = {beta}, elle ajoute u = β × (sa valeur − ce que S renvoyait pour sa clé) = {u}&#x202f;; une lecture dont la clé recouvre {name} se déplace du produit scalaire de cette clé avec {name}, fois u&#x202f;:</translation>
    </message>
    <message>
        <source>{label} overlaps earlier keys, so reads of them will pick up its value:</source>
        <translation>{label} recouvre des clés précédentes, donc leurs lectures prendront une part de sa valeur :</translation>
    </message>
    <message>
        <source>overlaps φ({label}) = {phi}: cos {cosine}</source>
        <translation>recouvre φ({label}) = {phi} : cos {cosine}</translation>
    </message>
    <message>
        <source>overlaps {label}: cos {cosine}</source>
        <translation>recouvre {label} : cos {cosine}</translation>
    </message>
    <message>
        <source>… and {count} more</source>
        <translation>… et {count} de plus</translation>
    </message>
    <message>
        <source>The keys as typed are orthogonal; what S stores is not.</source>
        <translation>Les clés telles que tapées sont orthogonales ; ce que S stocke ne l’est pas.</translation>
    </message>
    <message>
        <source>Read {label}: query {query}</source>
        <translation>Lecture {label} : requête {query}</translation>
    </message>
    <message>
        <source>target {target}</source>
        <translation>cible {target}</translation>
    </message>
    <message>
        <source>no single target</source>
        <translation>pas de cible unique</translation>
    </message>
    <message>
        <source>w = {weight}</source>
        <translation>w = {weight}</translation>
    </message>
    <message>
        <source>the sum</source>
        <translation>la somme</translation>
    </message>
    <message>
        <source>stored by {target}</source>
        <translation>stockée par {target}</translation>
    </message>
    <message>
        <source>Weight of each write, {name}:</source>
        <translation>Poids de chaque écriture, {name} :</translation>
    </message>
    <message>
        <source>(+{count} more)</source>
        <translation>(+{count} de plus)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>{query} has the same cosine with the keys of {writes}: y blends their values, and no single one of them is the write it reads.</source>
        <translation>{query} a le même cosinus avec les clés de {writes} : y mélange leurs valeurs, et aucune d’elles n’est à elle seule l’écriture qu’elle lit.</translation>
    </message>
    <message>
        <source>{target} stored {own} − {removed} = {term}</source>
        <translation>{target} a stocké {own} − {removed} = {term}</translation>
    </message>
    <message>
        <source>{target}&apos;s term, as this read weighs it: {own} − {removed} = {term}</source>
        <translation>Le terme de {target}, tel que cette lecture le pondère : {own} − {removed} = {term}</translation>
    </message>
    <message>
        <source>its value less what its key already returned</source>
        <translation>sa valeur moins ce que sa clé renvoyait déjà</translation>
    </message>
    <message>
        <source>β × its value less β × what its key already returned, β = {beta}</source>
        <translation>β × sa valeur moins β × ce que sa clé renvoyait déjà, β = {beta}</translation>
    </message>
    <message>
        <source>{label}&apos;s {term}</source>
        <translation>{term} de {label}</translation>
    </message>
    <message>
        <source>, cancelling {terms}</source>
        <translation>, qui annule {terms}</translation>
    </message>
    <message>
        <source>{target} replaced {writes} value: the read returns {target}&apos;s value exactly, and nothing is crosstalk.</source>
        <translation>{target} a remplacé la valeur de {writes} : la lecture renvoie exactement la valeur de {target}, sans aucune diaphonie.</translation>
    </message>
    <message>
        <source>{label}&apos;s</source>
        <translation>{label}</translation>
    </message>
    <message>
        <source>The read returns {target}&apos;s value exactly.</source>
        <translation>La lecture renvoie exactement la valeur de {target}.</translation>
    </message>
    <message>
        <source>That removal takes back {removed} of what the earlier writes returned for its key.</source>
        <translation>Ce retrait reprend {removed} de ce que les écritures précédentes renvoyaient pour sa clé.</translation>
    </message>
    <message>
        <source>error y − v_target</source>
        <translation>erreur y − v_cible</translation>
    </message>
    <message>
        <source>y − v_target: the sum of the parts listed under it</source>
        <translation>y − v_cible&#x202f;: la somme des parts listées en dessous</translation>
    </message>
    <message>
        <source>{count} more</source>
        <translation>{count} de plus</translation>
    </message>
    <message>
        <source>The error&apos;s largest part: {cause}, {share} of the error&apos;s parts, by size.</source>
        <translation>La plus grande part de l’erreur&#x202f;: {cause}, soit {share} des parts de l’erreur, en taille.</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first} et {last}</translation>
    </message>
    <message>
        <source>output y</source>
        <translation>sortie y</translation>
    </message>
    <message>
        <source>z = Σ φ(kᵢ)</source>
        <translation>z = Σ φ(kᵢ)</translation>
    </message>
    <message>
        <source>z: the sum of the stored keys φ(kᵢ) of the writes so far</source>
        <translation>z : la somme des clés stockées φ(kᵢ) des écritures jusqu’ici</translation>
    </message>
    <message>
        <source>divisor φ(q)ᵀz + ε</source>
        <translation>diviseur φ(q)ᵀz + ε</translation>
    </message>
    <message>
        <source>y = φ(q)ᵀS ÷ (φ(q)ᵀz + ε), ε = 1e-6</source>
        <translation>y = φ(q)ᵀS ÷ (φ(q)ᵀz + ε), ε = 1e-6</translation>
    </message>
    <message>
        <source>none: every weight is 0</source>
        <translation>aucun : tous les poids valent 0</translation>
    </message>
    <message>
        <source>none: no earlier write</source>
        <translation>aucune : pas d’écriture antérieure</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>expected v_target ({target})</source>
        <translation>v_cible attendu ({target})</translation>
    </message>
    <message>
        <source>target&apos;s own term</source>
        <translation>terme propre de la cible</translation>
    </message>
    <message>
        <source>y − v_target</source>
        <translation>y − v_cible</translation>
    </message>
    <message>
        <source>Exact: the read returns the target&apos;s value.</source>
        <translation>Exacte : la lecture renvoie la valeur de la cible.</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>erreur relative</translation>
    </message>
    <message>
        <source>relative error = ‖y − v_target‖ / ‖v_target‖</source>
        <translation>erreur relative = ‖y − v_cible‖ / ‖v_cible‖</translation>
    </message>
    <message>
        <source>cosine(y, v_target)</source>
        <translation>cosinus(y, v_cible)</translation>
    </message>
</context>
<context>
    <name>RecallFigure</name>
    <message>
        <source>additive rule: S ← S + k vᵀ</source>
        <translation>règle additive : S ← S + k vᵀ</translation>
    </message>
    <message>
        <source>delta rule (β = {0}): S ← S + β k (v − Sᵀk)ᵀ</source>
        <translation>règle delta (β = {0}) : S ← S + β k (v − Sᵀk)ᵀ</translation>
    </message>
    <message>
        <source>N = d = {0}: as many pairs as the key has numbers</source>
        <translation>N = d = {0} : autant de paires que la clé a de nombres</translation>
    </message>
    <message>
        <source>N, pairs stored (log scale)</source>
        <translation>N, paires stockées (échelle log)</translation>
    </message>
    <message>
        <source>mean cosine between keys</source>
        <translation>cosinus moyen entre clés</translation>
    </message>
    <message>
        <source>mean relative error</source>
        <translation>erreur relative moyenne</translation>
    </message>
    <message>
        <source>exact recall (error &lt; {0})</source>
        <translation>rappel exact (erreur &lt; {0})</translation>
    </message>
    <message>
        <source>d = {0}</source>
        <translation>d = {0}</translation>
    </message>
    <message>
        <source>d = {0}, c = {1}</source>
        <translation>d = {0}, c = {1}</translation>
    </message>
    <message>
        <source>d = {0}, N = {1}</source>
        <translation>d = {0}, N = {1}</translation>
    </message>
    <message>
        <source>dashed line: N = d</source>
        <translation>ligne en tirets : N = d</translation>
    </message>
    <message>
        <source>dotted: √((N − 1)/d), the random-key estimate</source>
        <translation>pointillés : √((N − 1)/d), l’estimation pour des clés aléatoires</translation>
    </message>
</context>
<context>
    <name>RecallImage</name>
    <message>
        <source>random keys</source>
        <translation>clés aléatoires</translation>
    </message>
    <message>
        <source>orthogonal keys</source>
        <translation>clés orthogonales</translation>
    </message>
    <message>
        <source>similar keys</source>
        <translation>clés semblables</translation>
    </message>
    <message>
        <source>{trials} · seed {seed} · exact: relative error below {tol}</source>
        <translation>{trials} · graine {seed} · exact : erreur relative sous {tol}</translation>
    </message>
    <message>
        <source>stopped early: some points are missing</source>
        <translation>arrêté tôt : il manque des points</translation>
    </message>
    <message>
        <source>Store N pairs, read each back: {0}</source>
        <translation>Stocker N paires, relire chacune : {0}</translation>
    </message>
</context>
<context>
    <name>RecallPage</name>
    <message>
        <source>Recall test</source>
        <translation>Test de rappel</translation>
    </message>
    <message>
        <source>Sizes d of the memory, one curve each ({0} to {1}; keys and values have d numbers), e.g. 16, 32, 64</source>
        <translation>Tailles d de la mémoire, une courbe chacune (de {0} à {1} ; clés et valeurs ont d nombres), par ex. 16, 32, 64</translation>
    </message>
    <message>
        <source>How many pairs N to store, e.g. 4, 8, 16, 32, 64, 128, 256 (1 to {0})</source>
        <translation>Combien de paires N stocker, par ex. 4, 8, 16, 32, 64, 128, 256 (de 1 à {0})</translation>
    </message>
    <message>
        <source>The mean cosines between keys of the curves against similarity, each in [0, 1)</source>
        <translation>Les cosinus moyens entre clés des courbes en fonction de la similarité, chacun dans [0, 1)</translation>
    </message>
    <message>
        <source>How many pairs the curves against similarity store</source>
        <translation>Combien de paires stockent les courbes en fonction de la similarité</translation>
    </message>
    <message>
        <source>The delta rule&apos;s writing strength β, in [0, 1]</source>
        <translation>La force d’écriture β de la règle delta, dans [0, 1]</translation>
    </message>
    <message>
        <source>Independent memories per point: more trials, smoother curves, longer runs</source>
        <translation>Mémoires indépendantes par point : plus d’essais, des courbes plus lisses, des calculs plus longs</translation>
    </message>
    <message>
        <source>A read counts as an exact recall when its relative error is below this</source>
        <translation>Une lecture compte comme rappel exact quand son erreur relative est sous ce seuil</translation>
    </message>
    <message>
        <source>The random seed: the same seed gives the same numbers</source>
        <translation>La graine aléatoire : la même graine donne les mêmes nombres</translation>
    </message>
    <message>
        <source>Sizes &amp;d</source>
        <translation>Tailles &amp;d</translation>
    </message>
    <message>
        <source>&amp;Pairs N</source>
        <translation>&amp;Paires N</translation>
    </message>
    <message>
        <source>Similarities</source>
        <translation>Similarités</translation>
    </message>
    <message>
        <source>… at N =</source>
        <translation>… pour N =</translation>
    </message>
    <message>
        <source>Delta &amp;β</source>
        <translation>&amp;β de la règle delta</translation>
    </message>
    <message>
        <source>&amp;Trials</source>
        <translation>&amp;Essais</translation>
    </message>
    <message>
        <source>T&amp;olerance</source>
        <translation>T&amp;olérance</translation>
    </message>
    <message>
        <source>S&amp;eed</source>
        <translation>&amp;Graine</translation>
    </message>
    <message>
        <source>&amp;Keys</source>
        <translation>&amp;Clés</translation>
    </message>
    <message>
        <source>random</source>
        <translation>aléatoires</translation>
    </message>
    <message>
        <source>orthogonal</source>
        <translation>orthogonales</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>semblables</translation>
    </message>
    <message>
        <source>Random: unit keys in random directions. Orthogonal: the first d at right angles, the rest random. Similar: keys sharing a direction, mean cosine c</source>
        <translation>Aléatoires : des clés unitaires dans des directions au hasard. Orthogonales : les d premières à angle droit, les autres au hasard. Semblables : des clés qui partagent une direction, de cosinus moyen c</translation>
    </message>
    <message>
        <source>&amp;c</source>
        <translation>&amp;c</translation>
    </message>
    <message>
        <source>Similar keys: the mean cosine c between two keys, in [0, 1)</source>
        <translation>Clés semblables : le cosinus moyen c entre deux clés, dans [0, 1)</translation>
    </message>
    <message>
        <source>S&amp;how</source>
        <translation>&amp;Afficher</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>erreur relative</translation>
    </message>
    <message>
        <source>exact recall</source>
        <translation>rappel exact</translation>
    </message>
    <message>
        <source>Relative error: ‖y − v‖ / ‖v‖ averaged over every read. Exact recall: the share of reads with a relative error below the tolerance</source>
        <translation>Erreur relative : ‖y − v‖ / ‖v‖ moyennée sur toutes les lectures. Rappel exact : la part des lectures dont l’erreur relative est sous la tolérance</translation>
    </message>
    <message>
        <source>a&amp;gainst</source>
        <translation>en &amp;fonction de</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>similarité</translation>
    </message>
    <message>
        <source>Against N: more and more pairs. Against similarity: a fixed N, keys closer</source>
        <translation>En fonction de N : de plus en plus de paires. En fonction de la similarité : N fixé, des clés de plus en plus proches</translation>
    </message>
    <message>
        <source>T&amp;ask</source>
        <translation>Tâ&amp;che</translation>
    </message>
    <message>
        <source>controlled test</source>
        <translation>test contrôlé</translation>
    </message>
    <message>
        <source>MQAR (Zoology)</source>
        <translation>MQAR (Zoology)</translation>
    </message>
    <message>
        <source>Controlled test: N pairs stored, each read back. MQAR: Zoology&apos;s multi-query associative recall, recall against the state size d_k · d_v</source>
        <translation>Test contrôlé : N paires stockées, chacune relue. MQAR : le rappel associatif à requêtes multiples de Zoology, le rappel selon la taille de l’état d_k · d_v</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>Measure recall for these settings (Alt+R)</source>
        <translation>Mesurer le rappel pour ces réglages (Alt+L)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>A&amp;nnuler</translation>
    </message>
    <message>
        <source>Stop the run; the points measured so far are kept</source>
        <translation>Arrêter le calcul ; les points déjà mesurés sont gardés</translation>
    </message>
    <message>
        <source>How much of the run is done</source>
        <translation>Avancement du calcul</translation>
    </message>
    <message>
        <source>%p%</source>
        <translation>%p %</translation>
    </message>
    <message>
        <source>not a number: {0}</source>
        <translation>pas un nombre : {0}</translation>
    </message>
    <message>
        <source>The settings changed during the run: press Run again.</source>
        <translation>Les réglages ont changé pendant le calcul : appuyez de nouveau sur Lancer.</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Mesure en cours…</translation>
    </message>
    <message>
        <source>Press Run to measure these settings</source>
        <translation>Appuyez sur Lancer pour mesurer ces réglages</translation>
    </message>
    <message>
        <source>No points: the run was cancelled before any finished</source>
        <translation>Aucun point : le calcul a été annulé avant qu’un seul ne se termine</translation>
    </message>
    <message>
        <source>random keys</source>
        <translation>clés aléatoires</translation>
    </message>
    <message>
        <source>orthogonal keys</source>
        <translation>clés orthogonales</translation>
    </message>
    <message>
        <source>similar keys (c = {0})</source>
        <translation>clés semblables (c = {0})</translation>
    </message>
    <message>
        <source>Store N pairs, read each back: {0}</source>
        <translation>Stocker N paires, relire chacune : {0}</translation>
    </message>
    <message numerus="yes">
        <source>Store %Ln pairs of similar keys, read each back</source>
        <translation>
            <numerusform>Stocker %Ln paire de clés semblables, la relire</numerusform>
            <numerusform>Stocker %Ln paires de clés semblables, relire chacune</numerusform>
        </translation>
    </message>
    <message>
        <source>d = {dims} · {trials} · seed {seed}</source>
        <translation>d = {dims} · {trials} · graine {seed}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln trials a point</source>
        <translation>
            <numerusform>%Ln essai par point</numerusform>
            <numerusform>%Ln essais par point</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled: the points finished are shown</source>
        <translation>annulé : les points terminés sont affichés</translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message>
        <source>never saved</source>
        <translation>jamais enregistré</translation>
    </message>
    <message>
        <source>“%1” (%2), %3</source>
        <translation>« %1 » (%2), %3</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>Récupérer le travail non enregistré</translation>
    </message>
    <message>
        <source>linviz ended without saving this work. Restore it into this window, discard it, or decide later (it is kept until then).</source>
        <translation>linviz s’est arrêté sans enregistrer ce travail. Restaurez-le dans cette fenêtre, abandonnez-le, ou décidez plus tard (il est gardé jusque-là).</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurer</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Abandonner</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Plus tard</translation>
    </message>
</context>
<context>
    <name>RulesPage</name>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Decay &amp;α</source>
        <translation>Oubli &amp;α</translation>
    </message>
    <message>
        <source>The gated rules scale S by α before every write: 1 keeps all, less forgets</source>
        <translation>Les règles à porte multiplient S par α avant chaque écriture : 1 garde tout, moins oublie</translation>
    </message>
    <message>
        <source>Strength &amp;β</source>
        <translation>Force &amp;β</translation>
    </message>
    <message>
        <source>The delta rules write β of the gap between the new value and what the key reads now: 1 replaces it, 0 writes nothing</source>
        <translation>Les règles delta écrivent β de l’écart entre la nouvelle valeur et ce que la clé lit maintenant : 1 la remplace, 0 n’écrit rien</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>additive</translation>
    </message>
    <message>
        <source>delta</source>
        <translation>delta</translation>
    </message>
    <message>
        <source>gated</source>
        <translation>à porte</translation>
    </message>
    <message>
        <source>gated delta</source>
        <translation>delta à porte</translation>
    </message>
    <message>
        <source>S ← | S + φ(k) vᵀ</source>
        <translation>S ← | S + φ(k) vᵀ</translation>
    </message>
    <message>
        <source>S ← | S + β φ(k) (v − Sᵀφ(k))ᵀ</source>
        <translation>S ← | S + β φ(k) (v − Sᵀφ(k))ᵀ</translation>
    </message>
    <message>
        <source>S ← | α S + φ(k) vᵀ</source>
        <translation>S ← | α S + φ(k) vᵀ</translation>
    </message>
    <message>
        <source>S ← | α (I − β φ(k) φ(k)ᵀ) S | + β φ(k) vᵀ</source>
        <translation>S ← | α (I − β φ(k) φ(k)ᵀ) S | + β φ(k) vᵀ</translation>
    </message>
    <message>
        <source>default α = {alpha}, default β = {beta}</source>
        <translation>α par défaut = {alpha} ; β par défaut = {beta}</translation>
    </message>
    <message>
        <source>The empty memory, before any write, under each rule</source>
        <translation>La mémoire vide, avant toute écriture, sous chaque règle</translation>
    </message>
    <message>
        <source>S after write {label} (step {number}) under each rule</source>
        <translation>S après l’écriture {label} (étape {number}) sous chaque règle</translation>
    </message>
    <message>
        <source>Read {label} (step {number}) under each rule</source>
        <translation>Lecture {label} (étape {number}) sous chaque règle</translation>
    </message>
    <message>
        <source>{0} ({1})</source>
        <translation>{0} ({1})</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>identité</translation>
    </message>
    <message>
        <source>elu + 1</source>
        <translation>elu + 1</translation>
    </message>
    <message>
        <source>φ = {0} on every card; none divides by the normaliser</source>
        <translation>φ = {0} sur chaque carte ; aucune ne divise par la normalisation</translation>
    </message>
    <message>
        <source>Every card stores φ(k) with φ = {0} and reads without the normaliser, which is defined for the additive rule only; the additive card also gives its read with it, as the scenario reads.</source>
        <translation>Chaque carte stocke φ(k) avec φ = {0} et lit sans la normalisation, définie pour la seule règle additive ; la carte additive donne aussi sa lecture avec elle, comme la lit le scénario.</translation>
    </message>
    <message>
        <source>Every card stores φ(k) with φ = {0}, as the scenario does.</source>
        <translation>Chaque carte stocke φ(k) avec φ = {0}, comme le scénario.</translation>
    </message>
    <message>
        <source>no α or β</source>
        <translation>ni α ni β</translation>
    </message>
    <message>
        <source>no α or β: every write adds its stamp whole</source>
        <translation>ni α ni β : chaque écriture ajoute son empreinte entière</translation>
    </message>
    <message>
        <source>{symbol} = {value} at this write (its own; default {default})</source>
        <translation>{symbol} = {value} à cette écriture (le sien ; par défaut {default})</translation>
    </message>
    <message>
        <source>{symbol} = {value} at this write (the default)</source>
        <translation>{symbol} = {value} à cette écriture (la valeur par défaut)</translation>
    </message>
    <message>
        <source>default {symbol} = {value}</source>
        <translation>{symbol} par défaut = {value}</translation>
    </message>
    <message>
        <source>{label} with {symbol} = {value}</source>
        <translation>{label} avec {symbol} = {value}</translation>
    </message>
    <message>
        <source>; written with their own: {0}</source>
        <translation> ; écrites avec le leur : {0}</translation>
    </message>
    <message>
        <source>⚠ overshoots: β‖φ(k)‖² = {gain} &gt; {bound}</source>
        <translation>⚠ dépassement : β‖φ(k)‖² = {gain} &gt; {bound}</translation>
    </message>
    <message>
        <source>⚠ overshoot at {writes}: β‖φ(k)‖² &gt; {bound}</source>
        <translation>⚠ dépassement pour {writes} : β‖φ(k)‖² &gt; {bound}</translation>
    </message>
    <message>
        <source>⚠ Overshoots: β‖φ(k)‖² = {gain} &gt; {bound}, so this write leaves its key reading further from {label}&apos;s value than before (the gap is multiplied by {factor}).</source>
        <translation>⚠ Dépassement : β‖φ(k)‖² = {gain} &gt; {bound}, donc après cette écriture sa clé lit plus loin de la valeur de {label} qu’avant (l’écart est multiplié par {factor}).</translation>
    </message>
    <message>
        <source>{label} ({gain})</source>
        <translation>{label} ({gain})</translation>
    </message>
    <message>
        <source>⚠ Overshoot: β‖φ(k)‖² &gt; {bound} at {writes}: each of these writes pushed its key&apos;s read past its value by more than it was off.</source>
        <translation>⚠ Dépassement : β‖φ(k)‖² &gt; {bound} pour {writes} : chacune de ces écritures a poussé la lecture de sa clé au-delà de sa valeur, plus loin qu’elle ne s’en trouvait avant.</translation>
    </message>
    <message>
        <source>normalised: y = {0}</source>
        <translation>normalisée : y = {0}</translation>
    </message>
    <message>
        <source>with the normaliser, as the scenario reads: y = {0}</source>
        <translation>avec la normalisation, comme lit le scénario : y = {0}</translation>
    </message>
    <message>
        <source>No read at this step: go to one (→, or Next read).</source>
        <translation>Pas de lecture à cette étape : allez à une lecture (→, ou Lecture suivante).</translation>
    </message>
    <message>
        <source>No read yet.</source>
        <translation>Pas encore de lecture.</translation>
    </message>
    <message>
        <source>y hidden: predict, then reveal (R)</source>
        <translation>y masqué : prédisez, puis révélez (R)</translation>
    </message>
    <message>
        <source>y = {0}</source>
        <translation>y = {0}</translation>
    </message>
    <message>
        <source>no single target to compare with</source>
        <translation>pas de cible unique à comparer</translation>
    </message>
    <message>
        <source>wants {expected} ({target}), exact</source>
        <translation>attend {expected} ({target}), exact</translation>
    </message>
    <message>
        <source>wants {expected} ({target}), off by {error}</source>
        <translation>attend {expected} ({target}), écart {error}</translation>
    </message>
</context>
<context>
    <name>SaveFailure</name>
    <message>
        <source>Could not save</source>
        <translation>Enregistrement impossible</translation>
    </message>
    <message>
        <source>Could not save {0}: {1}</source>
        <translation>Impossible d’enregistrer {0} : {1}</translation>
    </message>
    <message>
        <source>Your work is still open here; nothing was lost.</source>
        <translation>Votre travail est toujours ouvert ici ; rien n’est perdu.</translation>
    </message>
</context>
<context>
    <name>ScenarioError</name>
    <message>
        <source>unknown setting {name!r}; expected one of {allowed}</source>
        <translation>réglage inconnu {name!r} ; réglages possibles : {allowed}</translation>
    </message>
    <message>
        <source>unknown preset {name!r}; expected one of {allowed}</source>
        <translation>préréglage inconnu {name!r} ; préréglages possibles : {allowed}</translation>
    </message>
    <message>
        <source>{name} must be a list of values, got {raw!r}</source>
        <translation>{name} : une liste de valeurs est attendue, pas {raw!r}</translation>
    </message>
    <message>
        <source>unknown source {name!r}; expected one of {allowed}</source>
        <translation>source inconnue {name!r} ; sources possibles : {allowed}</translation>
    </message>
    <message>
        <source>the recovery file could not be written: {reason}</source>
        <translation>le fichier de récupération n’a pas pu être écrit : {reason}</translation>
    </message>
    <message>
        <source>the recovery file could not be written ({kind}: {reason})</source>
        <translation>le fichier de récupération n’a pas pu être écrit ({kind} : {reason})</translation>
    </message>
    <message>
        <source>cannot be read: {reason}</source>
        <translation>illisible : {reason}</translation>
    </message>
    <message>
        <source>not a linviz recovery file</source>
        <translation>ce n’est pas un fichier de récupération de linviz</translation>
    </message>
    <message>
        <source>{name} must be a number, got {raw!r}</source>
        <translation>{name} : un nombre est attendu, pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be a number from {low:g} to {high:g}, got {raw!r}</source>
        <translation>{name} : un nombre de {low:g} à {high:g} est attendu, pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be a whole number from {low:,} to {high:,}, got {raw!r}</source>
        <translation>{name} : un nombre entier de {low:,} à {high:,} est attendu, pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be finite, got {raw!r}</source>
        <translation>{name} : un nombre fini est attendu, pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be a number in [0, 1) (a mean cosine below 1), got {raw!r}</source>
        <translation>{name} : un nombre dans [0 ; 1[ est attendu (un cosinus moyen inférieur à 1), pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be a relative error above 0, got {raw!r}</source>
        <translation>{name} : une erreur relative supérieure à 0 est attendue, pas {raw!r}</translation>
    </message>
    <message>
        <source>{name} must be a number in [0, 1], got {raw!r}</source>
        <translation>{name} : un nombre dans [0 ; 1] est attendu, pas {raw!r}</translation>
    </message>
    <message>
        <source>unknown {name} {raw!r}; expected one of {allowed}</source>
        <translation>{name} : {raw!r} est inconnu ; valeurs possibles : {allowed}</translation>
    </message>
    <message>
        <source>{name} needs at least one value</source>
        <translation>{name} : il faut au moins une valeur</translation>
    </message>
    <message>
        <source>a similarity applies to similar keys only, not {keys!r} ones: choose similar keys or leave the similarity at 0</source>
        <translation>une similarité ne s’applique qu’à des clés semblables, pas à des clés {keys!r} : choisissez des clés semblables ou laissez la similarité à 0</translation>
    </message>
    <message>
        <source>a lone {token!r} in the caption: write {doubled} for a brace, or {{name}} for a live field</source>
        <translation>un {token!r} isolé dans la légende : écrivez {doubled} pour une accolade, ou {{nom}} pour un champ dynamique</translation>
    </message>
    <message>
        <source>{token} is not a live field: write {{name}} or {{name@label}}</source>
        <translation>{token} n’est pas un champ dynamique : écrivez {{nom}} ou {{nom@étiquette}}</translation>
    </message>
    <message>
        <source>unknown live field {{{name}}} in the caption; known fields: {known}</source>
        <translation>champ dynamique inconnu {{{name}}} dans la légende ; champs connus : {known}</translation>
    </message>
    <message>
        <source>{token} needs two labels, {{cos@k1,k3}}</source>
        <translation>{token} demande deux noms d’étapes, {{cos@k1,k3}}</translation>
    </message>
    <message>
        <source>{token} needs at most one label, {{y@r1}}</source>
        <translation>{token} demande au plus un nom d’étape, {{y@r1}}</translation>
    </message>
    <message>
        <source>{name} must be 12 hexadecimal digits (written by linviz), got {raw}</source>
        <translation>{name} : 12 chiffres hexadécimaux sont attendus (écrits par linviz), pas {raw}</translation>
    </message>
    <message>
        <source>{quoted}: no step is labelled {label!r}</source>
        <translation>{quoted} : aucune étape ne s’appelle {label!r}</translation>
    </message>
    <message>
        <source>{quoted} compares two writes&apos; keys</source>
        <translation>{quoted} compare les clés de deux écritures</translation>
    </message>
    <message>
        <source>{quoted}: the scenario&apos;s own caption can quote only {{d_k}}, {{d_v}} and fields of a labelled step ({{y@r1}})</source>
        <translation>{quoted} : la légende du scénario lui-même ne peut citer que {{d_k}}, {{d_v}} et les champs d’une étape nommée ({{y@r1}})</translation>
    </message>
    <message>
        <source>{quoted} is a write&apos;s quantity</source>
        <translation>{quoted} est une grandeur d’écriture</translation>
    </message>
    <message>
        <source>{quoted} is a read&apos;s quantity</source>
        <translation>{quoted} est une grandeur de lecture</translation>
    </message>
    <message>
        <source>unknown number format {dtype!r}; expected one of {allowed}</source>
        <translation>format de nombres inconnu {dtype!r} ; formats possibles : {allowed}</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <source>label</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>caption</source>
        <translation>légende</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>notes</translation>
    </message>
    <message>
        <source>question</source>
        <translation>question</translation>
    </message>
    <message>
        <source>title</source>
        <translation>titre</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>alpha</source>
        <translation>α</translation>
    </message>
    <message>
        <source>beta</source>
        <translation>β</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>étapes</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>similarité</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>jetons</translation>
    </message>
    <message>
        <source>sharpness</source>
        <translation>netteté</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>clés</translation>
    </message>
    <message>
        <source>rule</source>
        <translation>règle</translation>
    </message>
    <message>
        <source>trials</source>
        <translation>essais</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>graine</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>tolérance</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>couches</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>têtes</translation>
    </message>
    <message>
        <source>head_dim</source>
        <translation>taille de tête d</translation>
    </message>
    <message>
        <source>max_tokens</source>
        <translation>jetons au plus</translation>
    </message>
    <message>
        <source>max_points</source>
        <translation>points au plus</translation>
    </message>
    <message>
        <source>prediction</source>
        <translation>prédiction</translation>
    </message>
    <message>
        <source>state estimate</source>
        <translation>estimation de S</translation>
    </message>
    <message>
        <source>similarity_n</source>
        <translation>N de la similarité</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>step {number}</source>
        <translation>étape {number}</translation>
    </message>
    <message>
        <source>field &apos;{name}&apos;</source>
        <translation>champ « {name} »</translation>
    </message>
    <message>
        <source>{where}: {message}</source>
        <translation>{where} : {message}</translation>
    </message>
    <message>
        <source>not valid JSON: {reason} at line {line}, column {column}</source>
        <translation>JSON invalide : {reason} à la ligne {line}, colonne {column}</translation>
    </message>
    <message>
        <source>Expecting value</source>
        <translation>valeur attendue</translation>
    </message>
    <message>
        <source>Expecting property name enclosed in double quotes</source>
        <translation>nom de propriété entre guillemets doubles attendu</translation>
    </message>
    <message>
        <source>Expecting &apos;:&apos; delimiter</source>
        <translation>deux-points « : » attendu</translation>
    </message>
    <message>
        <source>Expecting &apos;,&apos; delimiter</source>
        <translation>virgule « , » attendue</translation>
    </message>
    <message>
        <source>Extra data</source>
        <translation>données en trop</translation>
    </message>
    <message>
        <source>Unterminated string starting at</source>
        <translation>chaîne non terminée commençant</translation>
    </message>
    <message>
        <source>Invalid control character at</source>
        <translation>caractère de contrôle invalide</translation>
    </message>
    <message>
        <source>Invalid \escape</source>
        <translation>séquence d’échappement \ invalide</translation>
    </message>
    <message>
        <source>Invalid \uXXXX escape</source>
        <translation>échappement \uXXXX invalide</translation>
    </message>
    <message>
        <source>the key {key} appears twice in one object</source>
        <translation>la clé JSON {key} figure deux fois dans un même objet</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>une valeur</translation>
    </message>
    <message>
        <source>{name} component {position}</source>
        <translation>{name}, composante {position}</translation>
    </message>
    <message>
        <source>a value (item {position})</source>
        <translation>une valeur (élément {position})</translation>
    </message>
    <message>
        <source>a number JSON does not allow</source>
        <translation>un nombre que JSON n’admet pas</translation>
    </message>
    <message>
        <source>{place} is {constant}, which is not a number JSON allows; write a finite number</source>
        <translation>{place} vaut {constant}, un nombre que JSON n’admet pas ; écrivez un nombre fini</translation>
    </message>
    <message>
        <source>{place} is an integer of {digits:,} digits, far beyond the largest number linviz can use (about 1.8e308)</source>
        <translation>{place} est un entier de {digits:,} chiffres, bien au-delà du plus grand nombre que linviz peut utiliser (environ 1,8e308)</translation>
    </message>
    <message>
        <source>JSON nested too deeply; a scenario needs 4 levels</source>
        <translation>JSON trop imbriqué ; un scénario n’a besoin que de 4 niveaux</translation>
    </message>
    <message>
        <source>no such file, and no lesson of that name (lessons: {names})</source>
        <translation>fichier introuvable, et aucune leçon de ce nom (leçons : {names})</translation>
    </message>
    <message>
        <source>the state S overflows at this step (a number beyond ±1.8e308): use smaller keys or values</source>
        <translation>l’état S déborde à cette étape (un nombre au-delà de ±1,8e308) : utilisez des clés ou des valeurs plus petites</translation>
    </message>
    <message>
        <source>the read divides by zero: its normaliser φ(q)ᵀz + ε is 0 here; change the query or an earlier key</source>
        <translation>la lecture divise par zéro : sa normalisation φ(q)ᵀz + ε vaut 0 ici ; changez la requête ou une clé antérieure</translation>
    </message>
    <message>
        <source>the read&apos;s output overflows at this step (a number beyond ±1.8e308): use smaller keys, values or queries</source>
        <translation>la sortie de la lecture déborde à cette étape (un nombre au-delà de ±1,8e308) : utilisez des clés, des valeurs ou des requêtes plus petites</translation>
    </message>
    <message>
        <source>pairs</source>
        <translation>paires</translation>
    </message>
    <message>
        <source>{name} holds {kind}; expected an array of real numbers (float or int)</source>
        <translation>{name} contient {kind} ; attendu : un tableau de nombres réels (float ou int)</translation>
    </message>
    <message>
        <source>{name} holds {got} at index {index}; expected finite numbers</source>
        <translation>{name} contient {got} à l’indice {index} ; attendu : des nombres finis</translation>
    </message>
    <message>
        <source>{name} has shape {shape}; expected {expected}</source>
        <translation>{name} a la forme {shape} ; attendu : {expected}</translation>
    </message>
    <message>
        <source>{name} holds {count} (shape {shape}): choose one with {option} from 0 to {last}</source>
        <translation>{name} contient {count} (forme {shape}) : choisissez-en une avec {option}, de 0 à {last}</translation>
    </message>
    <message>
        <source>{option} must be from 0 to {last} ({name} holds {count}), got {got}</source>
        <translation>{option} doit aller de 0 à {last} ({name} contient {count}), reçu {got}</translation>
    </message>
    <message>
        <source>{first}, {second} or {third}</source>
        <translation>{first}, {second} ou {third}</translation>
    </message>
    <message>
        <source>{option} picks from an axis {name} does not have (shape {shape})</source>
        <translation>{option} choisit dans un axe que {name} n’a pas (forme {shape})</translation>
    </message>
    <message>
        <source>{name} has rows of {count}; d_k and d_v may be {low} to {high}</source>
        <translation>{name} a des lignes de {count} ; d_k et d_v vont de {low} à {high}</translation>
    </message>
    <message>
        <source>{name} has {count} but {other} has {length}: one per {unit}</source>
        <translation>{name} a {count} mais {other} en a {length} : une par {unit}</translation>
    </message>
    <message>
        <source>a log-decay g ≤ 0 whose α = e^g is above 0</source>
        <translation>une log-décroissance g ≤ 0 dont α = e^g est au-dessus de 0</translation>
    </message>
    <message>
        <source>a number in (0, 1]</source>
        <translation>un nombre dans ]0 ; 1]</translation>
    </message>
    <message>
        <source>a number in [0, 1]</source>
        <translation>un nombre dans [0 ; 1]</translation>
    </message>
    <message>
        <source>{name}[{index}] is {got}; expected {range}</source>
        <translation>{name}[{index}] vaut {got} ; attendu : {range}</translation>
    </message>
    <message>
        <source>scale must be a number above 0 or &apos;fla&apos; (d_k^-½, as the kernels use), got {got}</source>
        <translation>scale doit être un nombre au-dessus de 0 ou &apos;fla&apos; (d_k^-½, comme les noyaux), reçu {got}</translation>
    </message>
    <message>
        <source>labels must be a list of text, got {kind}</source>
        <translation>labels doit être une liste de textes, reçu {kind}</translation>
    </message>
    <message>
        <source>labels has {count}; expected {expected}, one per {unit}</source>
        <translation>labels a {count} ; attendu : {expected}, une par {unit}</translation>
    </message>
    <message>
        <source>token</source>
        <translation>jeton</translation>
    </message>
    <message>
        <source>step</source>
        <translation>étape</translation>
    </message>
    <message>
        <source>give keys, values, queries (pairs) or q, k, v (tokens), not both: got {names}</source>
        <translation>donnez keys, values, queries (paires) ou q, k, v (jetons), pas les deux : reçu {names}</translation>
    </message>
    <message>
        <source>{name} is missing: the {layout} layout needs {needed}</source>
        <translation>{name} manque : la disposition {layout} demande {needed}</translation>
    </message>
    <message>
        <source>{shape} (d_k = {d_k}, as {name} has)</source>
        <translation>{shape} (d_k = {d_k}, comme {name})</translation>
    </message>
    <message>
        <source>give g (a log-decay) or alpha (the decay), not both</source>
        <translation>donnez g (une log-décroissance) ou alpha (la décroissance), pas les deux</translation>
    </message>
    <message>
        <source>[{count}]: one number per token</source>
        <translation>[{count}] : un nombre par jeton</translation>
    </message>
    <message>
        <source>[{count}]: one number per write</source>
        <translation>[{count}] : un nombre par écriture</translation>
    </message>
    <message>
        <source>{name} must be {range}, got {got}</source>
        <translation>{name} : {range} est attendu, pas {got}</translation>
    </message>
    <message>
        <source>unknown rule {name}; expected one of {allowed}</source>
        <translation>règle inconnue {name} ; règles possibles : {allowed}</translation>
    </message>
    <message>
        <source>rule {rule!r} needs {parameter!r} ({range})</source>
        <translation>la règle {rule!r} demande {parameter!r} ({range})</translation>
    </message>
    <message>
        <source>rule {rule!r} takes no {parameter!r}</source>
        <translation>la règle {rule!r} ne prend pas de {parameter!r}</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>fichier ou dossier introuvable</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>permission refusée</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>le disque est plein</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>le système de fichiers est en lecture seule</translation>
    </message>
    <message>
        <source>the name is too long for this system (at most 255 bytes per name)</source>
        <translation>le nom est trop long pour ce système (255 octets au plus par nom)</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>une partie du chemin n’est pas un dossier</translation>
    </message>
    <message>
        <source>too many symbolic links</source>
        <translation>trop de liens symboliques</translation>
    </message>
    <message>
        <source>this is a folder, not a file</source>
        <translation>c’est un dossier, pas un fichier</translation>
    </message>
    <message>
        <source>the disk quota is used up</source>
        <translation>le quota disque est épuisé</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>un FIFO (tube nommé)</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>un périphérique</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>un socket</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>fichier introuvable</translation>
    </message>
    <message>
        <source>this is a folder, not a scenario file</source>
        <translation>c’est un dossier, pas un fichier de scénario</translation>
    </message>
    <message>
        <source>not a regular file: linviz reads regular files only</source>
        <translation>pas un fichier ordinaire : linviz ne lit que des fichiers ordinaires</translation>
    </message>
    <message>
        <source>{array} is an array of Python objects, which only pickle reads, and linviz never unpickles: save it as numbers (float32 or float64)</source>
        <translation>{array} est un tableau d’objets Python, que seul pickle lit, et linviz ne dépickle jamais : enregistrez-le en nombres (float32 ou float64)</translation>
    </message>
    <message>
        <source>{array} holds {kind}; expected {expected}</source>
        <translation>{array} contient {kind} ; attendu : {expected}</translation>
    </message>
    <message>
        <source>{array} holds {held} (shape {shape}); linviz reads at most {limit} an array: save the batch and head you want to see</source>
        <translation>{array} contient {held} (forme {shape}) ; linviz lit au plus {limit} par tableau : enregistrez le lot et la tête à voir</translation>
    </message>
    <message>
        <source>this is a scenario archive, not arrays to import: open it as a scenario (linviz FILE, File ▸ Open)</source>
        <translation>c’est une archive de scénario, et non des tableaux à importer : ouvrez-la comme un scénario (linviz FICHIER, Fichier ▸ Ouvrir)</translation>
    </message>
    <message>
        <source>unknown array {array}; expected arrays named {allowed}</source>
        <translation>tableau inconnu {array} ; attendu : des tableaux nommés {allowed}</translation>
    </message>
    <message>
        <source>this is not a NumPy file that can be read (.npz or .npy): {reason}</source>
        <translation>ce n’est pas un fichier NumPy lisible (.npz ou .npy) : {reason}</translation>
    </message>
    <message>
        <source>not enough memory to read this file</source>
        <translation>pas assez de mémoire pour lire ce fichier</translation>
    </message>
    <message>
        <source>a .npy file holds one array and is named after it ({allowed}; e.g. q.npy or layer3_q.npy), not {got}</source>
        <translation>un fichier .npy contient un tableau et porte son nom ({allowed} ; p. ex. q.npy ou layer3_q.npy), pas {got}</translation>
    </message>
    <message>
        <source>[T]: one text per token (or per step)</source>
        <translation>[T] : un texte par jeton (ou par étape)</translation>
    </message>
    <message>
        <source>[]: one text</source>
        <translation>[] : un seul texte</translation>
    </message>
    <message>
        <source>cannot be read: the name holds a NUL character</source>
        <translation>illisible : le nom contient un caractère NUL</translation>
    </message>
    <message>
        <source>this is {kind}, not a scenario file: linviz reads regular files only</source>
        <translation>c’est {kind}, pas un fichier de scénario : linviz ne lit que des fichiers ordinaires</translation>
    </message>
    <message>
        <source>more than {size}</source>
        <translation>plus de {size}</translation>
    </message>
    <message>
        <source>the file holds {held}; a scenario file may hold at most {limit} (see README, Limits)</source>
        <translation>le fichier fait {held} ; un fichier de scénario fait au plus {limit} (voir le README, Limits)</translation>
    </message>
    <message>
        <source>{count:,} bytes</source>
        <translation>{count:,} octets</translation>
    </message>
    <message>
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <source>this is {kind}: linviz saves to regular files only</source>
        <translation>c’est {kind} : linviz n’enregistre que dans des fichiers ordinaires</translation>
    </message>
    <message>
        <source>the file is read-only: save it under another name, or make it writable first</source>
        <translation>le fichier est en lecture seule : enregistrez-le sous un autre nom, ou rendez-le d’abord modifiable</translation>
    </message>
    <message>
        <source>could not be saved: {reason}; the file on disk is unchanged</source>
        <translation>enregistrement impossible : {reason} ; le fichier sur le disque est inchangé</translation>
    </message>
    <message>
        <source>could not be saved ({kind}: {reason}); the file on disk is unchanged</source>
        <translation>enregistrement impossible ({kind} : {reason}) ; le fichier sur le disque est inchangé</translation>
    </message>
    <message>
        <source>saved as a new file: the file had {others} other name(s) (hard links), which keep the old version</source>
        <translation>enregistré comme un nouveau fichier : le fichier avait {others} autre(s) nom(s) (liens physiques), qui gardent l’ancienne version</translation>
    </message>
    <message>
        <source>key has {count} but S has d_k = {rows}: the stamp k vᵀ would be {got}×{d_v}, S is {d_k}×{d_v}. Give the key {wanted}.</source>
        <translation>la clé a {count} mais S a d_k = {rows} : l’empreinte k vᵀ ferait {got}×{d_v}, S fait {d_k}×{d_v}. Donnez à la clé {wanted}.</translation>
    </message>
    <message>
        <source>query has {count} but S has d_k = {rows}: qᵀS needs a query of length {d_k}. Give the query {wanted}.</source>
        <translation>la requête a {count} mais S a d_k = {rows} : qᵀS demande une requête de longueur {d_k}. Donnez à la requête {wanted}.</translation>
    </message>
    <message>
        <source>value has {count} but S has d_v = {columns}: the stamp k vᵀ would be {d_k}×{got}, S is {d_k}×{d_v}. Give the value {wanted}.</source>
        <translation>la valeur a {count} mais S a d_v = {columns} : l’empreinte k vᵀ ferait {d_k}×{got}, S fait {d_k}×{d_v}. Donnez à la valeur {wanted}.</translation>
    </message>
    <message>
        <source>{name} must be a list of {expected} numbers, got {kind}</source>
        <translation>{name} : une liste de {expected} nombres est attendue, pas {kind}</translation>
    </message>
    <message>
        <source>{name} component {position} must be a number, got {got}</source>
        <translation>{name}, composante {position} : un nombre est attendu, pas {got}</translation>
    </message>
    <message>
        <source>{name} component {position} must be finite, got {got}</source>
        <translation>{name}, composante {position} : un nombre fini est attendu, pas {got}</translation>
    </message>
    <message>
        <source>{name} must be text, got {kind}</source>
        <translation>{name} : un texte est attendu, pas {kind}</translation>
    </message>
    <message>
        <source>{name} must not be empty</source>
        <translation>{name} : ne doit pas être vide</translation>
    </message>
    <message>
        <source>{name} is {length} characters; at most {limit} allowed</source>
        <translation>{name} : {length} caractères ; {limit} au plus</translation>
    </message>
    <message>
        <source>{name} holds {char} at character {position}, half of a UTF-16 pair and not a character: remove it</source>
        <translation>{name} contient {char} au caractère {position}, une moitié de paire UTF-16 et non un caractère : supprimez-le</translation>
    </message>
    <message>
        <source>{name} must be a whole number from {low} to {high}, got {got}</source>
        <translation>{name} : un nombre entier de {low} à {high} est attendu, pas {got}</translation>
    </message>
    <message>
        <source>unknown feature map {got}; expected one of {allowed}</source>
        <translation>fonction φ inconnue {got} ; fonctions possibles : {allowed}</translation>
    </message>
    <message>
        <source>normalize must be true or false, got {got}</source>
        <translation>normalize : true ou false est attendu, pas {got}</translation>
    </message>
    <message>
        <source>the normaliser z is defined only for the additive rule, not {rule!r}: turn normalize off or use the additive rule</source>
        <translation>la normalisation z n’est définie que pour la règle additive, pas pour {rule!r} : désactivez la normalisation ou prenez la règle additive</translation>
    </message>
    <message>
        <source>{name} must be a list, one item per step, got {kind}</source>
        <translation>{name} doit être une liste d’un élément par étape, reçu {kind}</translation>
    </message>
    <message>
        <source>ops must be text of one letter per step, w (write) or r (read), got {kind}</source>
        <translation>ops doit être un texte d’une lettre par étape, w (écriture) ou r (lecture), reçu {kind}</translation>
    </message>
    <message>
        <source>{count:,} steps; at most {limit:,} allowed</source>
        <translation>{count:,} étapes ; {limit:,} au plus</translation>
    </message>
    <message>
        <source>unknown op {op} in ops; expected &apos;w&apos; (write) or &apos;r&apos; (read)</source>
        <translation>op inconnue {op} dans ops ; &apos;w&apos; (écriture) ou &apos;r&apos; (lecture) attendu</translation>
    </message>
    <message>
        <source>{name} holds {held:,} items but ops has {count:,} steps</source>
        <translation>{name} contient {held:,} éléments, mais ops a {count:,} étapes</translation>
    </message>
    <message>
        <source>{name} must be a list of numbers, got {kind}</source>
        <translation>{name} doit être une liste de nombres, reçu {kind}</translation>
    </message>
    <message>
        <source>{name} holds {held:,} numbers, not {wanted:,}: {rows:,} rows of {size} = {width}</source>
        <translation>{name} contient {held:,} nombres, et non {wanted:,} : {rows:,} lignes de {size} = {width}</translation>
    </message>
    <message>
        <source>the steps</source>
        <translation>les étapes</translation>
    </message>
    <message>
        <source>more than {limit:,} steps</source>
        <translation>plus de {limit:,} étapes</translation>
    </message>
    <message>
        <source>unknown op {op}; expected &apos;write&apos; or &apos;read&apos;</source>
        <translation>op inconnue {op} ; &apos;write&apos; (écriture) ou &apos;read&apos; (lecture) attendu</translation>
    </message>
    <message>
        <source>a read has no value</source>
        <translation>une lecture n’a pas de valeur</translation>
    </message>
    <message>
        <source>label {label!r} is already used by another step</source>
        <translation>le nom {label!r} est déjà pris par une autre étape</translation>
    </message>
    <message>
        <source>target must be the label of an earlier write, got {got}</source>
        <translation>la cible doit être le nom d’une écriture antérieure, pas {got}</translation>
    </message>
    <message>
        <source>only a read has a target</source>
        <translation>seule une lecture a une cible</translation>
    </message>
    <message>
        <source>target {target} is not the label of an earlier write</source>
        <translation>la cible {target} n’est pas le nom d’une écriture antérieure</translation>
    </message>
    <message>
        <source>a read takes no {parameter}</source>
        <translation>une lecture ne prend pas de {parameter}</translation>
    </message>
    <message>
        <source>the {rule} rule takes no {parameter}</source>
        <translation>la règle {rule} ne prend pas de {parameter}</translation>
    </message>
    <message>
        <source>read {read!r} targets {label!r}, which would no longer be an earlier write: change its target first</source>
        <translation>la lecture {read!r} vise {label!r}, qui ne serait plus une écriture antérieure : changez d’abord sa cible</translation>
    </message>
    <message>
        <source>the scenario&apos;s caption</source>
        <translation>la légende du scénario</translation>
    </message>
    <message>
        <source>step {number}&apos;s caption</source>
        <translation>la légende de l’étape {number}</translation>
    </message>
    <message>
        <source>{where} ({language})</source>
        <translation>{where} ({language})</translation>
    </message>
    <message>
        <source>{where} quotes {label!r} ({quoted}): edit that caption first</source>
        <translation>{where} cite {label!r} ({quoted}) : modifiez d’abord cette légende</translation>
    </message>
    <message>
        <source>a scenario holds at most {limit:,} steps</source>
        <translation>un scénario compte au plus {limit:,} étapes</translation>
    </message>
    <message>
        <source>read {read!r} targets {label!r}, which would no longer be an earlier write</source>
        <translation>la lecture {read!r} vise {label!r}, qui ne serait plus une écriture antérieure</translation>
    </message>
    <message>
        <source>write {write!r} sets its own {parameter}, which the {rule} rule does not take: clear it first</source>
        <translation>l’écriture {write!r} fixe son propre {parameter}, que la règle {rule} ne prend pas : effacez-le d’abord</translation>
    </message>
    <message>
        <source>rule must be an object like {{&quot;name&quot;: &quot;additive&quot;}}</source>
        <translation>la règle doit être un objet comme {{&quot;name&quot;: &quot;additive&quot;}}</translation>
    </message>
    <message>
        <source>rule needs a &apos;name&apos;</source>
        <translation>la règle demande un &apos;name&apos; (son nom)</translation>
    </message>
    <message>
        <source>format must be {format!r}, got {got}</source>
        <translation>format : {format!r} est attendu, pas {got}</translation>
    </message>
    <message>
        <source>version must be {version}, got {got}</source>
        <translation>version : {version} est attendue, pas {got}</translation>
    </message>
    <message>
        <source>layout must be {steps!r} or {columns!r}, got {got}</source>
        <translation>layout doit valoir {steps!r} ou {columns!r}, reçu {got}</translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation>le scénario</translation>
    </message>
    <message>
        <source>in the columns layout, steps must be an object of columns</source>
        <translation>dans la disposition en colonnes, steps doit être un objet de colonnes</translation>
    </message>
    <message>
        <source>missing {name!r}</source>
        <translation>{name!r} manque</translation>
    </message>
    <message>
        <source>steps must be a list</source>
        <translation>les étapes doivent former une liste</translation>
    </message>
    <message>
        <source>the file must hold one JSON object (a scenario)</source>
        <translation>le fichier doit contenir un seul objet JSON (un scénario)</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON scenario</source>
        <translation>le fichier est vide ; un scénario JSON est attendu</translation>
    </message>
    <message>
        <source>this is a binary file, not a JSON scenario</source>
        <translation>c’est un fichier binaire, pas un scénario JSON</translation>
    </message>
    <message>
        <source>not UTF-8 text (byte {position}); expected a JSON scenario</source>
        <translation>pas du texte UTF-8 (octet {position}) ; un scénario JSON est attendu</translation>
    </message>
    <message>
        <source>the file holds {held}; a scenario file may hold at most {limit}</source>
        <translation>le fichier fait {held} ; un fichier de scénario fait au plus {limit}</translation>
    </message>
    <message>
        <source>a write step</source>
        <translation>une étape d’écriture</translation>
    </message>
    <message>
        <source>a read step</source>
        <translation>une étape de lecture</translation>
    </message>
    <message>
        <source>unknown key {key} in {where}; allowed: {allowed}</source>
        <translation>champ inconnu {key} dans {where} ; champs admis : {allowed}</translation>
    </message>
    <message>
        <source>a step must be an object with an &apos;op&apos;</source>
        <translation>une étape doit être un objet avec un &apos;op&apos;</translation>
    </message>
    <message>
        <source>a {op} needs a {name!r}</source>
        <translation>il manque {name!r} à une {op}</translation>
    </message>
    <message>
        <source>{name} has a text in unknown language {code!r}; use {known}</source>
        <translation>{name} a un texte dans une langue inconnue {code!r} ; utilisez {known}</translation>
    </message>
    <message>
        <source>{name}[{code!r}] must be text, got {kind}</source>
        <translation>{name}[{code!r}] : un texte est attendu, pas {kind}</translation>
    </message>
    <message>
        <source>{name} by language needs an {fallback!r} text (shown when a language has none)</source>
        <translation>{name} par langue demande un texte {fallback!r} (montré quand une langue n’en a pas)</translation>
    </message>
    <message>
        <source>{known} or {code!r}</source>
        <translation>{known} ou {code!r}</translation>
    </message>
    <message>
        <source>a zero-width space</source>
        <translation>une espace de largeur nulle</translation>
    </message>
    <message>
        <source>a zero-width non-joiner</source>
        <translation>un antiliant sans chasse</translation>
    </message>
    <message>
        <source>a zero-width joiner</source>
        <translation>un liant sans chasse</translation>
    </message>
    <message>
        <source>a word joiner</source>
        <translation>un gluon de mots</translation>
    </message>
    <message>
        <source>a byte-order mark (zero-width no-break space)</source>
        <translation>une marque d’ordre des octets (espace insécable sans chasse)</translation>
    </message>
    <message>
        <source>a left-to-right mark</source>
        <translation>une marque gauche-à-droite</translation>
    </message>
    <message>
        <source>a right-to-left mark</source>
        <translation>une marque droite-à-gauche</translation>
    </message>
    <message>
        <source>an Arabic letter mark</source>
        <translation>une marque de lettre arabe</translation>
    </message>
    <message>
        <source>a left-to-right embedding</source>
        <translation>un enchâssement gauche-à-droite</translation>
    </message>
    <message>
        <source>a right-to-left embedding</source>
        <translation>un enchâssement droite-à-gauche</translation>
    </message>
    <message>
        <source>a pop directional formatting</source>
        <translation>une fin de formatage directionnel</translation>
    </message>
    <message>
        <source>a left-to-right override</source>
        <translation>un forçage gauche-à-droite</translation>
    </message>
    <message>
        <source>a right-to-left override</source>
        <translation>un forçage droite-à-gauche</translation>
    </message>
    <message>
        <source>a left-to-right isolate</source>
        <translation>un isolat gauche-à-droite</translation>
    </message>
    <message>
        <source>a right-to-left isolate</source>
        <translation>un isolat droite-à-gauche</translation>
    </message>
    <message>
        <source>a first strong isolate</source>
        <translation>un isolat à direction du premier caractère fort</translation>
    </message>
    <message>
        <source>a pop directional isolate</source>
        <translation>une fin d’isolat directionnel</translation>
    </message>
    <message>
        <source>{name} contains {what} ({code}), which is invisible: labels that look alike must be the same label</source>
        <translation>{name} contient {what} ({code}), qui est invisible : deux étiquettes qui se ressemblent doivent être la même étiquette</translation>
    </message>
    <message>
        <source>type the digits 0 to 9, one decimal point and an optional exponent (1.5e-3)</source>
        <translation>tapez les chiffres 0 à 9, un séparateur décimal et un exposant facultatif (1.5e-3)</translation>
    </message>
    <message>
        <source>write it without &apos;_&apos; between digits (5000, not 5_000)</source>
        <translation>écrivez-le sans « _ » entre les chiffres (5000, pas 5_000)</translation>
    </message>
    <message>
        <source>{char} is the digit {digit} of another script ({name}): type numbers with the digits 0 to 9</source>
        <translation>{char} est le chiffre {digit} d’une autre écriture ({name}) : tapez les nombres avec les chiffres 0 à 9</translation>
    </message>
    <message>
        <source>type a whole number with the digits 0 to 9</source>
        <translation>tapez un nombre entier avec les chiffres 0 à 9</translation>
    </message>
    <message>
        <source>the file changed on disk since it was opened or last saved here (another window or program wrote it): overwrite it, save under another name, or cancel</source>
        <translation>le fichier a changé sur le disque depuis qu’il a été ouvert ou enregistré ici (une autre fenêtre ou un autre programme l’a écrit) : écrasez-le, enregistrez sous un autre nom, ou annulez</translation>
    </message>
    <message>
        <source>length must be even (pairs of tokens), got {got}</source>
        <translation>length doit être pair (des paires de jetons), reçu {got}</translation>
    </message>
    <message>
        <source>vocab must be larger than the length ({length}), got {got}</source>
        <translation>vocab doit dépasser la longueur ({length}), reçu {got}</translation>
    </message>
    <message>
        <source>{pairs} pairs need a length of at least 4N = {needed}, got {got}</source>
        <translation>{pairs} paires demandent une longueur d’au moins 4N = {needed}, reçu {got}</translation>
    </message>
    <message>
        <source>a cache of {tokens:,} tokens at d = {d} holds {numbers:,} numbers; at most {most:,}: ask for fewer tokens or a smaller d</source>
        <translation>un cache de {tokens:,} jetons à d = {d} contient {numbers:,} nombres ; au plus {most:,} : demandez moins de jetons ou un d plus petit</translation>
    </message>
    <message>
        <source>too large to draw: beyond ±{value}</source>
        <translation>hors d’échelle : au-delà de ±{value}</translation>
    </message>
    <message>
        <source>too large to draw: {value}</source>
        <translation>hors d’échelle : {value}</translation>
    </message>
    <message>
        <source>too large for an interactive page: {count} steps (a page holds at most {limit})</source>
        <translation>trop grand pour une page interactive : {count} étapes (une page en contient au plus {limit})</translation>
    </message>
    <message>
        <source>too large for an interactive page: {name} = {size} (a page takes at most {limit})</source>
        <translation>trop grand pour une page interactive : {name} = {size} (une page accepte au plus {limit})</translation>
    </message>
    <message>
        <source>not a zip archive, or one cut short or damaged</source>
        <translation>pas une archive zip, ou une archive tronquée ou endommagée</translation>
    </message>
    <message>
        <source>{member} cannot be read: {said}</source>
        <translation>{member} ne peut pas être lu : {said}</translation>
    </message>
    <message>
        <source>{member} holds records ({kind}), not an array of numbers</source>
        <translation>{member} contient des enregistrements ({kind}), et non un tableau de nombres</translation>
    </message>
    <message>
        <source>{member} declares {declared:,} bytes of data but holds {held:,}</source>
        <translation>{member} annonce {declared:,} octets de données mais en contient {held:,}</translation>
    </message>
    <message>
        <source>{member} is damaged: its bytes do not match their CRC-32</source>
        <translation>{member} est endommagé : ses octets ne correspondent pas à leur CRC-32</translation>
    </message>
    <message>
        <source>it holds {name}, which is not an array (NAME.npy)</source>
        <translation>elle contient {name}, qui n’est pas un tableau (NOM.npy)</translation>
    </message>
    <message>
        <source>it holds {name} twice</source>
        <translation>elle contient {name} deux fois</translation>
    </message>
    <message>
        <source>{member} is cut short or misplaced</source>
        <translation>{member} est tronqué ou mal placé</translation>
    </message>
    <message>
        <source>this scenario archive cannot be read: {reason}</source>
        <translation>cette archive de scénario ne peut pas être lue : {reason}</translation>
    </message>
    <message>
        <source>{array} holds {kind}, shape {shape}; expected {expected}</source>
        <translation>{array} contient {kind}, de forme {shape} ; attendu : {expected}</translation>
    </message>
    <message>
        <source>unknown array {array} in a scenario archive; expected arrays named {allowed}</source>
        <translation>tableau inconnu {array} dans une archive de scénario ; attendu : des tableaux nommés {allowed}</translation>
    </message>
    <message>
        <source>the archive holds {held} once unpacked; a scenario archive may hold at most {limit}</source>
        <translation>l’archive fait {held} une fois décompressée ; une archive de scénario fait au plus {limit}</translation>
    </message>
    <message>
        <source>a scenario archive holds its steps as columns: layout must be {columns!r}, got {got}</source>
        <translation>une archive de scénario range ses étapes en colonnes : layout doit valoir {columns!r}, et non {got}</translation>
    </message>
    <message>
        <source>the archive&apos;s steps</source>
        <translation>les étapes de l’archive</translation>
    </message>
    <message>
        <source>{array} must hold one JSON object (a scenario&apos;s head)</source>
        <translation>{array} doit contenir un seul objet JSON (l’en-tête d’un scénario)</translation>
    </message>
    <message>
        <source>the UTF-8 bytes (uint8) of a JSON text</source>
        <translation>les octets UTF-8 (uint8) d’un texte JSON</translation>
    </message>
    <message>
        <source>one letter per step as bytes (uint8): w or r</source>
        <translation>une lettre par étape, en octets (uint8) : w ou r</translation>
    </message>
    <message>
        <source>floats {shape}: one per step, NaN where none</source>
        <translation>des flottants {shape} : un par étape, NaN là où il n’y en a pas</translation>
    </message>
    <message>
        <source>numbers {shape}: one row of {size} = {width} per {kind}</source>
        <translation>des nombres {shape} : une ligne de {size} = {width} par {kind}</translation>
    </message>
    <message>
        <source>this archive holds arrays to import, not a scenario (it has no {marker}): open it from a file named .npz, or convert it with linviz import</source>
        <translation>cette archive contient des tableaux à importer, et non un scénario (elle n’a pas de {marker}) : ouvrez-la depuis un fichier nommé .npz, ou convertissez-la avec linviz import</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Rows of S: the number of components of every key and query</source>
        <translation>Lignes de S : le nombre de composantes de chaque clé et requête</translation>
    </message>
    <message>
        <source>Columns of S: the number of components of every value</source>
        <translation>Colonnes de S : le nombre de composantes de chaque valeur</translation>
    </message>
    <message>
        <source>identity  φ(x) = x</source>
        <translation>identité  φ(x) = x</translation>
    </message>
    <message>
        <source>elu + 1  (always positive)</source>
        <translation>elu + 1  (toujours positive)</translation>
    </message>
    <message>
        <source>ReLU  max(x, 0)</source>
        <translation>ReLU  max(x, 0)</translation>
    </message>
    <message>
        <source>φ, applied to keys and queries before they touch S</source>
        <translation>φ, appliquée aux clés et aux requêtes avant qu’elles touchent S</translation>
    </message>
    <message>
        <source>divide reads by φ(q)·z + ε</source>
        <translation>diviser les lectures par φ(q)·z + ε</translation>
    </message>
    <message>
        <source>The normaliser of Katharopoulos et al. (2020); defined for the additive rule only</source>
        <translation>La normalisation de Katharopoulos et al. (2020) ; définie pour la règle additive seulement</translation>
    </message>
    <message>
        <source>additive  S + k vᵀ</source>
        <translation>additive  S + k vᵀ</translation>
    </message>
    <message>
        <source>delta  (corrects before writing)</source>
        <translation>delta  (corrige avant d’écrire)</translation>
    </message>
    <message>
        <source>gated  (old S decays by α)</source>
        <translation>à porte  (l’ancienne S décroît de α)</translation>
    </message>
    <message>
        <source>gated delta  (decay, then correct)</source>
        <translation>delta à porte  (décroît, puis corrige)</translation>
    </message>
    <message>
        <source>α: how much of the old S each write keeps, in (0, 1]; the default, which a write may override in the steps&apos; α / β column</source>
        <translation>α&#x202f;: la part de l’ancienne S que garde chaque écriture, dans ]0 ; 1]&#x202f;; la valeur par défaut, qu’une écriture peut remplacer dans la colonne α / β des étapes</translation>
    </message>
    <message>
        <source>β: writing strength of the delta rules, in [0, 1]; the default, which a write may override in the steps&apos; α / β column</source>
        <translation>β&#x202f;: la force d’écriture des règles delta, dans [0 ; 1]&#x202f;; la valeur par défaut, qu’une écriture peut remplacer dans la colonne α / β des étapes</translation>
    </message>
    <message>
        <source>default α (decay)</source>
        <translation>α par défaut (oubli)</translation>
    </message>
    <message>
        <source>default β (strength)</source>
        <translation>β par défaut (force)</translation>
    </message>
    <message>
        <source>d_k (key size)</source>
        <translation>d_k (taille des clés)</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>additive</translation>
    </message>
    <message>
        <source>delta (β = {beta})</source>
        <translation>delta (β = {beta})</translation>
    </message>
    <message>
        <source>gated (α = {alpha})</source>
        <translation>à porte (α = {alpha})</translation>
    </message>
    <message>
        <source>gated delta (α = {alpha}, β = {beta})</source>
        <translation>delta à porte (α = {alpha} ; β = {beta})</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>identité</translation>
    </message>
    <message>
        <source>elu + 1</source>
        <translation>elu + 1</translation>
    </message>
    <message>
        <source>ReLU</source>
        <translation>ReLU</translation>
    </message>
    <message>
        <source>d_v (value size)</source>
        <translation>d_v (taille des valeurs)</translation>
    </message>
    <message>
        <source>feature map φ</source>
        <translation>fonction φ</translation>
    </message>
    <message>
        <source>normaliser</source>
        <translation>normalisation</translation>
    </message>
    <message>
        <source>update rule</source>
        <translation>règle de mise à jour</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Not used by the {rule} rule: α, the decay, belongs to the gated rules (choose gated or gated delta to set it)</source>
        <translation>Inutilisé par la règle {rule} : α, l’oubli, appartient aux règles à porte (choisissez gated ou gated delta pour le régler)</translation>
    </message>
    <message>
        <source>Not used by the {rule} rule: β, the writing strength, belongs to the delta rules (choose delta or gated delta to set it)</source>
        <translation>Inutilisé par la règle {rule} : β, la force d’écriture, appartient aux règles delta (choisissez delta ou gated delta pour le régler)</translation>
    </message>
    <message>
        <source>change d_k/d_v to {d_k}×{d_v}</source>
        <translation>passer d_k/d_v à {d_k}×{d_v}</translation>
    </message>
    <message>
        <source>feature map {name}</source>
        <translation>fonction φ {name}</translation>
    </message>
    <message>
        <source>normaliser on</source>
        <translation>normalisation activée</translation>
    </message>
    <message>
        <source>normaliser off</source>
        <translation>normalisation désactivée</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>règle {rule}</translation>
    </message>
</context>
<context>
    <name>ShapeWords</name>
    <message>
        <source>{role} component {position} must be a number, got {token!r}</source>
        <translation>la composante {position} de la {role} doit être un nombre, reçu {token!r}</translation>
    </message>
    <message>
        <source>{role} component {position} must be finite, got {value}</source>
        <translation>la composante {position} de la {role} doit être finie, reçu {value}</translation>
    </message>
    <message numerus="yes">
        <source>type a key of %Ln numbers</source>
        <translation>
            <numerusform>tapez une clé de %Ln nombre</numerusform>
            <numerusform>tapez une clé de %Ln nombres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type a query of %Ln numbers</source>
        <translation>
            <numerusform>tapez une requête de %Ln nombre</numerusform>
            <numerusform>tapez une requête de %Ln nombres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type a value of %Ln numbers</source>
        <translation>
            <numerusform>tapez une valeur de %Ln nombre</numerusform>
            <numerusform>tapez une valeur de %Ln nombres</numerusform>
        </translation>
    </message>
    <message>
        <source>the arithmetic overflows (a number beyond ±1.8e308): use a smaller {role}</source>
        <translation>le calcul déborde (un nombre au-delà de ±1,8e308) : prenez une {role} plus petite</translation>
    </message>
    <message numerus="yes">
        <source>value has %Ln components</source>
        <translation>
            <numerusform>la valeur a %Ln composante</numerusform>
            <numerusform>la valeur a %Ln composantes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> but S has d_v = %Ln columns: the stamp {k} vᵀ would be {d_k}×{n}, </source>
        <translation>
            <numerusform> mais S a d_v = %Ln colonne : l’empreinte {k} vᵀ serait {d_k}×{n}, </numerusform>
            <numerusform> mais S a d_v = %Ln colonnes : l’empreinte {k} vᵀ serait {d_k}×{n}, </numerusform>
        </translation>
    </message>
    <message>
        <source>S is {d_k}×{d_v}. </source>
        <translation>S est {d_k}×{d_v}. </translation>
    </message>
    <message numerus="yes">
        <source>Give the value %Ln components.</source>
        <translation>
            <numerusform>Donnez %Ln composante à la valeur.</numerusform>
            <numerusform>Donnez %Ln composantes à la valeur.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>key has %Ln components</source>
        <translation>
            <numerusform>la clé a %Ln composante</numerusform>
            <numerusform>la clé a %Ln composantes</numerusform>
        </translation>
    </message>
    <message>
        <source>, so φ(k) has {n} too,</source>
        <translation>, donc φ(k) en a {n} aussi,</translation>
    </message>
    <message>
        <source>the stamp {k} vᵀ would be {n}×{d_v}, S is {d_k}×{d_v}</source>
        <translation>l’empreinte {k} vᵀ serait {n}×{d_v}, S est {d_k}×{d_v}</translation>
    </message>
    <message numerus="yes">
        <source>Give the key %Ln components.</source>
        <translation>
            <numerusform>Donnez %Ln composante à la clé.</numerusform>
            <numerusform>Donnez %Ln composantes à la clé.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>query has %Ln components</source>
        <translation>
            <numerusform>la requête a %Ln composante</numerusform>
            <numerusform>la requête a %Ln composantes</numerusform>
        </translation>
    </message>
    <message>
        <source>, so φ(q) has {n} too,</source>
        <translation>, donc φ(q) en a {n} aussi,</translation>
    </message>
    <message>
        <source>{q}ᵀ would be 1×{n} and S is {d_k}×{d_v}, so {q}ᵀS cannot be formed</source>
        <translation>{q}ᵀ serait 1×{n} et S est {d_k}×{d_v}, donc {q}ᵀS ne peut pas se calculer</translation>
    </message>
    <message numerus="yes">
        <source>Give the query %Ln components.</source>
        <translation>
            <numerusform>Donnez %Ln composante à la requête.</numerusform>
            <numerusform>Donnez %Ln composantes à la requête.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> but S has d_k = %Ln rows: </source>
        <translation>
            <numerusform> mais S a d_k = %Ln ligne : </numerusform>
            <numerusform> mais S a d_k = %Ln lignes : </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_k = %Ln rows: {q}ᵀS is 1×{d_v}.</source>
        <translation>
            <numerusform>, S a d_k = %Ln ligne : {q}ᵀS est 1×{d_v}.</numerusform>
            <numerusform>, S a d_k = %Ln lignes : {q}ᵀS est 1×{d_v}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_k = %Ln rows: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</source>
        <translation>
            <numerusform>, S a d_k = %Ln ligne : l’empreinte {k} vᵀ est {d_k}×{d_v}, comme S.</numerusform>
            <numerusform>, S a d_k = %Ln lignes : l’empreinte {k} vᵀ est {d_k}×{d_v}, comme S.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, S has d_v = %Ln columns: the stamp {k} vᵀ is {d_k}×{d_v}, like S.</source>
        <translation>
            <numerusform>, S a d_v = %Ln colonne : l’empreinte {k} vᵀ est {d_k}×{d_v}, comme S.</numerusform>
            <numerusform>, S a d_v = %Ln colonnes : l’empreinte {k} vᵀ est {d_k}×{d_v}, comme S.</numerusform>
        </translation>
    </message>
    <message>
        <source> Its read is hidden until the read at the cursor is revealed.</source>
        <translation> Sa lecture reste masquée tant que la lecture sous le curseur n’est pas révélée.</translation>
    </message>
    <message>
        <source> It reads {y} from S after step {step}.</source>
        <translation> Elle lit {y} dans S après l’étape {step}.</translation>
    </message>
    <message>
        <source> {k} = {phi}.</source>
        <translation> {k} = {phi}.</translation>
    </message>
    <message>
        <source> With {label}&apos;s value {v}, </source>
        <translation> Avec la valeur de {label}, {v}, </translation>
    </message>
    <message>
        <source> With {label}&apos;s key {v}, </source>
        <translation> Avec la clé de {label}, {v}, </translation>
    </message>
    <message>
        <source>{k} vᵀ = {stamp}.</source>
        <translation>{k} vᵀ = {stamp}.</translation>
    </message>
    <message>
        <source> S already holds {y} at this key.</source>
        <translation> S contient déjà {y} à cette clé.</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>value</source>
        <translation>valeur</translation>
    </message>
</context>
<context>
    <name>SizeEntry</name>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>unité</translation>
    </message>
</context>
<context>
    <name>SpectrumPage</name>
    <message>
        <source>Singular values &amp;of</source>
        <translation>Valeurs singulières &amp;de</translation>
    </message>
    <message>
        <source>the state S</source>
        <translation>l’état S</translation>
    </message>
    <message>
        <source>the stored keys φ(k)</source>
        <translation>les clés stockées φ(k)</translation>
    </message>
    <message>
        <source>The state S: what a read can recover (decays and corrections included). The stored keys: how many key directions the writes used</source>
        <translation>L’état S : ce qu’une lecture peut retrouver (oublis et corrections compris). Les clés stockées : combien de directions de clés les écritures ont utilisées</translation>
    </message>
    <message>
        <source>Filling up</source>
        <translation>Remplissage</translation>
    </message>
    <message>
        <source>Every singular value at each step, largest first: one line each</source>
        <translation>Chaque valeur singulière à chaque étape, de la plus grande à la plus petite : une ligne chacune</translation>
    </message>
    <message>
        <source>Effective rank: exp of the entropy of σᵢ/Σσ, a smooth count of the directions that carry weight. Rank: how many σᵢ are not zero</source>
        <translation>Rang effectif : l’exponentielle de l’entropie de σᵢ/Σσ, un décompte lissé des directions qui portent du poids. Rang : combien de σᵢ ne sont pas nuls</translation>
    </message>
    <message>
        <source>σ</source>
        <translation>σ</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>rang</translation>
    </message>
    <message>
        <source>step</source>
        <translation>étape</translation>
    </message>
    <message>
        <source>d = {0}: the most directions S can hold</source>
        <translation>d = {0} : le plus de directions que S peut contenir</translation>
    </message>
    <message>
        <source>d_k = {0}: the most directions keys can span</source>
        <translation>d_k = {0} : le plus de directions que les clés peuvent engendrer</translation>
    </message>
    <message>
        <source>Memory filling up: the singular values of S, step by step</source>
        <translation>La mémoire se remplit : les valeurs singulières de S, étape par étape</translation>
    </message>
    <message>
        <source>Memory filling up: the singular values of the stored keys φ(k)</source>
        <translation>La mémoire se remplit : les valeurs singulières des clés stockées φ(k)</translation>
    </message>
    <message>
        <source>σ₁ ≥ σ₂ ≥ … (one line each, {0} in all)</source>
        <translation>σ₁ ≥ σ₂ ≥ … (une ligne chacune, {0} en tout)</translation>
    </message>
    <message>
        <source>σ₁</source>
        <translation>σ₁</translation>
    </message>
    <message>
        <source>effective rank</source>
        <translation>rang effectif</translation>
    </message>
    <message>
        <source>At step {0}</source>
        <translation>À l’étape {0}</translation>
    </message>
    <message>
        <source>At step {0} (the nearest sampled step)</source>
        <translation>À l’étape {0} (l’étape échantillonnée la plus proche)</translation>
    </message>
    <message numerus="yes">
        <source>{where}: %Ln writes · effective rank {effective} of d = {d} · rank {rank} · σ = {sigma}</source>
        <translation>
            <numerusform>{where} : %Ln écriture · rang effectif {effective} sur d = {d} · rang {rank} · σ = {sigma}</numerusform>
            <numerusform>{where} : %Ln écritures · rang effectif {effective} sur d = {d} · rang {rank} · σ = {sigma}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SpotlightPage</name>
    <message>
        <source>Spotlight</source>
        <translation>Faisceau</translation>
    </message>
    <message>
        <source>Softmax &amp;sharpness s</source>
        <translation>&amp;Netteté du softmax s</translation>
    </message>
    <message>
        <source>Softmax weighs key i by exp(s · q·kᵢ): s = 0 weighs every key the same, a large s puts almost all the weight on the best match (↑ ↓ step)</source>
        <translation>Le softmax pondère la clé i par exp(s · q·kᵢ) : s = 0 donne le même poids à toutes les clés, un grand s met presque tout le poids sur la meilleure correspondance (↑ ↓ pour avancer)</translation>
    </message>
    <message>
        <source>Softmax sharpness</source>
        <translation>Netteté du softmax</translation>
    </message>
    <message>
        <source>softmax (spotlight)</source>
        <translation>softmax (faisceau)</translation>
    </message>
    <message>
        <source>linear (floodlight)</source>
        <translation>linéaire (plein feu)</translation>
    </message>
    <message>
        <source>the read&apos;s target</source>
        <translation>la cible de la lecture</translation>
    </message>
    <message>
        <source>One pair of bars per stored key: its share of the softmax weight and its share of the linear weight (|w| / Σ|w| on both sides, so each side sums to 1)</source>
        <translation>Une paire de barres par clé stockée : sa part du poids softmax et sa part du poids linéaire (|w| / Σ|w| des deux côtés : chaque côté a pour somme 1)</translation>
    </message>
    <message>
        <source>share of the weight</source>
        <translation>part du poids</translation>
    </message>
    <message>
        <source>The effective number of keys: exp of the entropy of the shares |w| / Σ|w|; 1 when one key takes all the weight, n when n keys share it equally</source>
        <translation>Le nombre effectif de clés : l’exponentielle de l’entropie des parts |w| / Σ|w| ; 1 quand une clé prend tout le poids, n quand n clés se le partagent également</translation>
    </message>
    <message>
        <source>How many keys each side reads as the sharpness s changes: softmax narrows as s grows; linear attention has no s, so its line stays flat</source>
        <translation>Combien de clés chaque côté lit quand la netteté s change : le softmax se resserre quand s grandit ; l’attention linéaire n’a pas de s, sa ligne reste plate</translation>
    </message>
    <message>
        <source>sharpness s</source>
        <translation>netteté s</translation>
    </message>
    <message>
        <source>keys read</source>
        <translation>clés lues</translation>
    </message>
    <message>
        <source>Softmax&apos;s exp(s · q·kᵢ) does not split into a part of q times a part of kᵢ, so the cache must keep every key to weigh it again for each new query. A linear score φ(q)·φ(kᵢ) does split: the writes add up into one fixed S, and the normaliser&apos;s sum of φ(kᵢ) into one fixed z.</source>
        <translation>L’exp(s · q·kᵢ) du softmax ne se sépare pas en une part de q fois une part de kᵢ : le cache doit garder chaque clé pour la repondérer à chaque nouvelle requête. Un score linéaire φ(q)·φ(kᵢ) se sépare : les écritures s’additionnent en un seul S fixe, et la somme des φ(kᵢ) de la normalisation en un seul z fixe.</translation>
    </message>
    <message>
        <source>{ties} writes share the best score, so no sharpness can single one out: at s = {s} softmax reads {soft_keys}, linear {linear_keys}.</source>
        <translation>{ties} écritures partagent le meilleur score : aucune netteté ne peut en isoler une. À s = {s}, le softmax lit {soft_keys}, le linéaire {linear_keys}.</translation>
    </message>
    <message>
        <source>At s = {s} softmax concentrates: it reads {soft_keys} where linear reads {linear_keys}. Linear attention has no s: its weights stay as spread at any setting.</source>
        <translation>À s = {s}, le softmax se concentre : il lit {soft_keys} là où le linéaire lit {linear_keys}. L’attention linéaire n’a pas de s : ses poids restent aussi étalés quel que soit le réglage.</translation>
    </message>
    <message>
        <source>At s = {s} softmax reads {soft_keys}, wider than linear&apos;s {linear}: raise s to see it narrow; linear attention has no s to raise.</source>
        <translation>À s = {s}, le softmax lit {soft_keys}, plus que les {linear} du linéaire : augmentez s pour le voir se resserrer ; l’attention linéaire n’a pas de s à augmenter.</translation>
    </message>
    <message>
        <source>At s = {s} both read about as many keys (softmax {soft}, linear {linear}); raise s and only softmax narrows.</source>
        <translation>À s = {s}, les deux lisent à peu près autant de clés (softmax {soft}, linéaire {linear}) ; augmentez s : seul le softmax se resserre.</translation>
    </message>
    <message>
        <source>Step 0 is the empty memory: nothing is read here.</source>
        <translation>L’étape 0 est la mémoire vide : rien n’est lu ici.</translation>
    </message>
    <message>
        <source>Step {0} is a write: nothing is read here.</source>
        <translation>L’étape {0} est une écriture : rien n’est lu ici.</translation>
    </message>
    <message>
        <source>Read {0} comes before any write: there is no key to weigh.</source>
        <translation>La lecture {0} vient avant toute écriture : il n’y a aucune clé à pondérer.</translation>
    </message>
    <message>
        <source>Go to a read (→, or Next read) to compare the weights.</source>
        <translation>Allez à une lecture (→, ou Lecture suivante) pour comparer les poids.</translation>
    </message>
    <message>
        <source>No read at step {0}</source>
        <translation>Pas de lecture à l’étape {0}</translation>
    </message>
    <message>
        <source>stored keys, in the order written</source>
        <translation>clés stockées, dans l’ordre d’écriture</translation>
    </message>
    <message>
        <source>the {0} keys weighed most, of {1}</source>
        <translation>les {0} clés les plus pondérées, sur {1}</translation>
    </message>
    <message>
        <source>Read {label} (step {number}): how much each stored key counts</source>
        <translation>Lecture {label} (étape {number}) : combien compte chaque clé stockée</translation>
    </message>
    <message>
        <source>Softmax, s = {0}</source>
        <translation>Softmax, s = {0}</translation>
    </message>
    <message>
        <source>Linear, φ = {0}, normalised</source>
        <translation>Linéaire, φ = {0}, normalisée</translation>
    </message>
    <message>
        <source>Linear, φ = {0}</source>
        <translation>Linéaire, φ = {0}</translation>
    </message>
    <message>
        <source>output hidden: predict, then reveal (R)</source>
        <translation>sortie masquée : prédisez, puis révélez (R)</translation>
    </message>
    <message>
        <source>output {0}</source>
        <translation>sortie {0}</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>identité</translation>
    </message>
    <message>
        <source>elu + 1</source>
        <translation>elu + 1</translation>
    </message>
    <message>
        <source>{n} key</source>
        <translation>{n} clé</translation>
    </message>
    <message>
        <source>{n} keys</source>
        <translation>{n} clés</translation>
    </message>
    <message>
        <source>weights sum to {0}: no key is read</source>
        <translation>les poids ont pour somme {0} : aucune clé n’est lue</translation>
    </message>
    <message>
        <source>reads {keys} (exp of the shares&apos; entropy, {h} nats)</source>
        <translation>lit {keys} (exponentielle de l’entropie des parts, {h} nats)</translation>
    </message>
    <message>
        <source>{keys}; its weights sum to {total}, each bar is |wᵢ| / Σ|w|</source>
        <translation>{keys} ; ses poids ont pour somme {total}, chaque barre vaut |wᵢ| / Σ|w|</translation>
    </message>
</context>
<context>
    <name>StepBar</name>
    <message>
        <source>Step 0 of {count}: the empty memory</source>
        <translation>Étape 0 sur {count} : la mémoire vide</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>Step {number} of {count}: {kind} {label}</source>
        <translation>Étape {number} sur {count} : {kind} {label}</translation>
    </message>
    <message>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <source>Previous step (← anywhere in the window)</source>
        <translation>Étape précédente (← partout dans la fenêtre)</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>Étape précédente</translation>
    </message>
    <message>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <source>Next step (→ anywhere in the window)</source>
        <translation>Étape suivante (→ partout dans la fenêtre)</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Étape suivante</translation>
    </message>
    <message>
        <source>Next re&amp;ad</source>
        <translation>Lect&amp;ure suivante</translation>
    </message>
    <message>
        <source>Go to the next read of the scenario</source>
        <translation>Aller à la lecture suivante du scénario</translation>
    </message>
    <message>
        <source>The step the lab shows: the window&apos;s cursor</source>
        <translation>L’étape que montre le labo : le curseur de la fenêtre</translation>
    </message>
</context>
<context>
    <name>StepEditor</name>
    <message>
        <source>{name} component {position} must be a number, got {token!r}</source>
        <translation>la composante {position} de {name} doit être un nombre, pas {token!r}</translation>
    </message>
    <message>
        <source>the {rule} rule takes no α or β; leave this empty</source>
        <translation>la règle {rule} ne prend ni α ni β ; laissez vide</translation>
    </message>
    <message>
        <source>write α/β as α=0.9, β=0.5 (got {part!r})</source>
        <translation>écrivez α/β sous la forme α=0,9 ; β=0,5 (reçu {part!r})</translation>
    </message>
    <message>
        <source>{name} must be a number, got {token!r}</source>
        <translation>{name} doit être un nombre, pas {token!r}</translation>
    </message>
</context>
<context>
    <name>StepEditorPanel</name>
    <message>
        <source>Add &amp;write</source>
        <translation>Ajouter une é&amp;criture</translation>
    </message>
    <message>
        <source>Insert a write after the current step</source>
        <translation>Insérer une écriture après l’étape en cours</translation>
    </message>
    <message>
        <source>Add r&amp;ead</source>
        <translation>Ajouter une &amp;lecture</translation>
    </message>
    <message>
        <source>Insert a read after the current step</source>
        <translation>Insérer une lecture après l’étape en cours</translation>
    </message>
    <message>
        <source>Dupli&amp;cate</source>
        <translation>&amp;Dupliquer</translation>
    </message>
    <message>
        <source>Copy the current step just after it</source>
        <translation>Copier l’étape en cours juste après elle</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Delete the current step</source>
        <translation>Supprimer l’étape en cours</translation>
    </message>
    <message>
        <source>Move u&amp;p</source>
        <translation>&amp;Monter</translation>
    </message>
    <message>
        <source>Move the current step one earlier</source>
        <translation>Avancer l’étape en cours d’un cran</translation>
    </message>
    <message>
        <source>Move dow&amp;n</source>
        <translation>Desce&amp;ndre</translation>
    </message>
    <message>
        <source>Move the current step one later</source>
        <translation>Reculer l’étape en cours d’un cran</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Étapes</translation>
    </message>
    <message>
        <source>add write {label}</source>
        <translation>ajout de l’écriture {label}</translation>
    </message>
    <message>
        <source>add read {label}</source>
        <translation>ajout de la lecture {label}</translation>
    </message>
    <message>
        <source>duplicate {label}</source>
        <translation>duplication de {label}</translation>
    </message>
    <message>
        <source>delete {label}</source>
        <translation>suppression de {label}</translation>
    </message>
    <message>
        <source>move {label} up</source>
        <translation>montée de {label}</translation>
    </message>
    <message>
        <source>move {label} down</source>
        <translation>descente de {label}</translation>
    </message>
</context>
<context>
    <name>StepTableModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>op</source>
        <translation>op.</translation>
    </message>
    <message>
        <source>label</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>key / query</source>
        <translation>clé / requête</translation>
    </message>
    <message>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>α / β</source>
        <translation>α / β</translation>
    </message>
    <message>
        <source>caption</source>
        <translation>légende</translation>
    </message>
    <message>
        <source>Step number</source>
        <translation>Numéro de l’étape</translation>
    </message>
    <message>
        <source>write stores key → value; read queries S</source>
        <translation>une écriture stocke clé → valeur ; une lecture interroge S</translation>
    </message>
    <message>
        <source>Unique name of the step</source>
        <translation>Nom unique de l’étape</translation>
    </message>
    <message>
        <source>Type numbers separated by commas, e.g. 1, 0 or [1, 0]</source>
        <translation>Tapez des nombres séparés par des virgules, par ex. 1, 0 ou [1, 0]</translation>
    </message>
    <message>
        <source>What a write stores (d_v numbers)</source>
        <translation>Ce que stocke une écriture (d_v nombres)</translation>
    </message>
    <message>
        <source>For a read: the label of the write it means to retrieve (empty: the most similar earlier key)</source>
        <translation>Pour une lecture : le nom de l’écriture qu’elle doit retrouver (vide : la clé antérieure la plus semblable)</translation>
    </message>
    <message>
        <source>A write&apos;s own α/β overriding the rule&apos;s, e.g. β=0.5 (empty: the rule&apos;s)</source>
        <translation>Le α/β propre d’une écriture, qui remplace celui de la règle, par ex. β=0.5 (vide : celui de la règle)</translation>
    </message>
    <message>
        <source>What to say about this step</source>
        <translation>Ce qu’il faut dire de cette étape</translation>
    </message>
    <message>
        <source>W write</source>
        <translation>É écriture</translation>
    </message>
    <message>
        <source>R read</source>
        <translation>L lecture</translation>
    </message>
    <message>
        <source>(hidden until revealed: predict first)</source>
        <translation>(masquée jusqu’à la révélation : prédire d’abord)</translation>
    </message>
    <message>
        <source>edit label of {label}</source>
        <translation>modification du nom de {label}</translation>
    </message>
    <message>
        <source>edit key of {label}</source>
        <translation>modification de la clé de {label}</translation>
    </message>
    <message>
        <source>edit query of {label}</source>
        <translation>modification de la requête de {label}</translation>
    </message>
    <message>
        <source>edit value of {label}</source>
        <translation>modification de la valeur de {label}</translation>
    </message>
    <message>
        <source>edit target of {label}</source>
        <translation>modification de la cible de {label}</translation>
    </message>
    <message>
        <source>edit parameters of {label}</source>
        <translation>modification des paramètres de {label}</translation>
    </message>
    <message>
        <source>edit caption of {label}</source>
        <translation>modification de la légende de {label}</translation>
    </message>
</context>
<context>
    <name>TermBars</name>
    <message>
        <source>component {index}: {value}</source>
        <translation>composante {index} : {value}</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>crosstalk</source>
        <translation>diaphonie</translation>
    </message>
    <message>
        <source>not overwritten</source>
        <translation>non écrasé</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>partly cancelled</source>
        <translation>en partie annulé</translation>
    </message>
    <message>
        <source>term</source>
        <translation>terme</translation>
    </message>
    <message>
        <source>output y</source>
        <translation>sortie y</translation>
    </message>
    <message>
        <source>wanted v_target</source>
        <translation>v_cible voulu</translation>
    </message>
    <message>
        <source>component value {low} … {high}</source>
        <translation>valeur de la composante {low} … {high}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln smaller terms not shown</source>
        <translation>
            <numerusform>%Ln terme plus petit non montré</numerusform>
            <numerusform>%Ln termes plus petits non montrés</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <source>First step</source>
        <translation>Première étape</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>Étape précédente</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Lire</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Étape suivante</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>Dernière étape</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Drag to scrub through the steps (0: the empty memory, before any write)</source>
        <translation>Glissez pour parcourir les étapes (0 : la mémoire vide, avant toute écriture)</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Vitesse de lecture</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Frise</translation>
    </message>
    <message>
        <source>{action} ({keys})</source>
        <translation>{action} ({keys})</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>{cursor} / {count}</source>
        <translation>{cursor} / {count}</translation>
    </message>
</context>
<context>
    <name>TryVectorBox</name>
    <message>
        <source>Try a vector</source>
        <translation>Essayer un vecteur</translation>
    </message>
    <message>
        <source>Type a vector and try it against S. Nothing is written; nothing changes.</source>
        <translation>Tapez un vecteur et essayez-le contre S. Rien n’est écrit ; rien ne change.</translation>
    </message>
    <message>
        <source>Vector to try</source>
        <translation>Vecteur à essayer</translation>
    </message>
    <message>
        <source>Numbers separated by commas or spaces, e.g. [1, 0, 2]</source>
        <translation>Nombres séparés par des points-virgules ou des espaces, par exemple [1 ; 0 ; 2]</translation>
    </message>
    <message>
        <source>&amp;Vector:</source>
        <translation>&amp;Vecteur :</translation>
    </message>
    <message>
        <source>as a &amp;key k</source>
        <translation>&amp;clé k</translation>
    </message>
    <message>
        <source>Check it as a key: one number per row of S</source>
        <translation>Le vérifier comme clé : un nombre par ligne de S</translation>
    </message>
    <message>
        <source>as a &amp;query q</source>
        <translation>&amp;requête q</translation>
    </message>
    <message>
        <source>Check it as a query: one number per row of S</source>
        <translation>Le vérifier comme requête : un nombre par ligne de S</translation>
    </message>
    <message>
        <source>as a v&amp;alue v</source>
        <translation>v&amp;aleur v</translation>
    </message>
    <message>
        <source>Check it as a value: one number per column of S</source>
        <translation>Le vérifier comme valeur : un nombre par colonne de S</translation>
    </message>
    <message>
        <source>&amp;Try</source>
        <translation>&amp;Essayer</translation>
    </message>
    <message>
        <source>Check the vector against S (Enter)</source>
        <translation>Vérifier le vecteur contre S (Entrée)</translation>
    </message>
    <message>
        <source>The two shapes side by side</source>
        <translation>Les deux formes côte à côte</translation>
    </message>
    <message>
        <source>Close this box (Esc)</source>
        <translation>Fermer cette fenêtre (Échap)</translation>
    </message>
    <message>
        <source>S is {d_k}×{d_v} here.</source>
        <translation>S est {d_k}×{d_v} ici.</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Ça passe</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <source>The typed vector, {rows}×{cols}, beside S, {d_k}×{d_v}</source>
        <translation>Le vecteur tapé, {rows}×{cols}, à côté de S, {d_k}×{d_v}</translation>
    </message>
</context>
<context>
    <name>ValuePlanePanel</name>
    <message>
        <source>Value plane</source>
        <translation>Plan des valeurs</translation>
    </message>
    <message>
        <source>solid: stored values</source>
        <translation>plein : valeurs stockées</translation>
    </message>
    <message>
        <source>solid: stored values · dotted: held at this key before</source>
        <translation>plein : valeurs stockées · pointillé : ce que cette clé retenait avant</translation>
    </message>
    <message>
        <source>thick: y · no single target: {0} weigh the same</source>
        <translation>épais : y · pas de cible unique : {0} pèsent autant</translation>
    </message>
    <message>
        <source>thick: y · no target</source>
        <translation>épais : y · pas de cible</translation>
    </message>
    <message>
        <source>thick y · dashed target · dotted y − target</source>
        <translation>épais y · tirets cible · pointillé y − cible</translation>
    </message>
    <message>
        <source>value component {0}</source>
        <translation>composante {0} de la valeur</translation>
    </message>
    <message>
        <source>v({0})</source>
        <translation>v({0})</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>target = {0}</source>
        <translation>cible = {0}</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <source>error y − v_target = {0}</source>
        <translation>erreur y − v_cible = {0}</translation>
    </message>
    <message>
        <source>held before</source>
        <translation>retenu avant</translation>
    </message>
    <message>
        <source>What the memory held at key {0} just before this write: {1}
(what a read of that key would have returned)</source>
        <translation>Ce que la mémoire retenait à la clé {0} juste avant cette écriture : {1}
(ce qu’une lecture de cette clé aurait renvoyé)</translation>
    </message>
    <message>
        <source>value stored by {0} (step {1}) = {2}</source>
        <translation>valeur stockée par {0} (étape {1}) = {2}</translation>
    </message>
    <message>
        <source>Drag the tip to change this value.</source>
        <translation>Faites glisser la pointe pour changer cette valeur.</translation>
    </message>
    <message>
        <source>y, the output of read {0} = {1}</source>
        <translation>y, la sortie de la lecture {0} = {1}</translation>
    </message>
    <message>
        <source>the target value, stored by {0} = {1}</source>
        <translation>la valeur cible, stockée par {0} = {1}</translation>
    </message>
    <message>
        <source>relative error {0}</source>
        <translation>erreur relative {0}</translation>
    </message>
</context>
<context>
    <name>VectorPlanePanel</name>
    <message>
        <source>The component shown across</source>
        <translation>La composante en abscisse</translation>
    </message>
    <message>
        <source>The component shown upwards</source>
        <translation>La composante en ordonnée</translation>
    </message>
    <message>
        <source>x:</source>
        <translation>x :</translation>
    </message>
    <message>
        <source>y:</source>
        <translation>y :</translation>
    </message>
    <message>
        <source>component {0}</source>
        <translation>composante {0}</translation>
    </message>
    <message>
        <source>The move was refused: {0}</source>
        <translation>Déplacement refusé : {0}</translation>
    </message>
    <message>
        <source>Drag cancelled: the vector is back where it was.</source>
        <translation>Glissement annulé : le vecteur est revenu à sa place.</translation>
    </message>
</context>
<context>
    <name>WindowExporter</name>
    <message>
        <source>Export &amp;window…</source>
        <translation>Exporter la &amp;fenêtre…</translation>
    </message>
    <message>
        <source>Export &amp;animation (GIF)…</source>
        <translation>Exporter une &amp;animation (GIF)…</translation>
    </message>
    <message>
        <source>Export all &amp;steps…</source>
        <translation>Exporter toutes les &amp;étapes…</translation>
    </message>
    <message>
        <source>&amp;Copy image to clipboard</source>
        <translation>&amp;Copier l’image dans le presse-papiers</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>&amp;Interactive page (HTML)…</source>
        <translation>Page &amp;interactive (HTML)…</translation>
    </message>
    <message>
        <source>Export &amp;panel</source>
        <translation>Exporter un &amp;panneau</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>Fenêtre entière</translation>
    </message>
    <message numerus="yes">
        <source>Drawing %Ln frames…</source>
        <translation>
            <numerusform>Dessin de %Ln image…</numerusform>
            <numerusform>Dessin de %Ln images…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %Ln images…</source>
        <translation>
            <numerusform>Écriture de %Ln image…</numerusform>
            <numerusform>Écriture de %Ln images…</numerusform>
        </translation>
    </message>
    <message>
        <source>Copied an image of {0} ({1} × {2} px)</source>
        <translation>Image de {0} copiée ({1} × {2} px)</translation>
    </message>
    <message>
        <source>Export cancelled</source>
        <translation>Export annulé</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Échec de l’export</translation>
    </message>
    <message>
        <source>Exported to {0}</source>
        <translation>Exporté vers {0}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Exporting</source>
        <translation>Export en cours</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Image PNG (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>Dessin SVG (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>Document PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif)</source>
        <translation>GIF animé (*.gif)</translation>
    </message>
    <message>
        <source>Choose a file name ending in {0}.</source>
        <translation>Choisissez un nom de fichier finissant par {0}.</translation>
    </message>
    <message>
        <source>Export {0}</source>
        <translation>Exporter {0}</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>Exporter une animation</translation>
    </message>
    <message>
        <source>Export all steps: choose a folder and a name; the files are numbered name-000 (the empty memory), name-001 …</source>
        <translation>Exporter toutes les étapes : choisissez un dossier et un nom ; les fichiers sont numérotés nom-000 (la mémoire vide), nom-001 …</translation>
    </message>
    <message>
        <source>Export an interactive page</source>
        <translation>Exporter une page interactive</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Page web (*.html)</translation>
    </message>
    <message>
        <source>Export this panel…</source>
        <translation>Exporter ce panneau…</translation>
    </message>
    <message>
        <source>Copy this panel</source>
        <translation>Copier ce panneau</translation>
    </message>
</context>
<context>
    <name>export</name>
    <message>
        <source>cannot export to “{0}”: use one of {1}</source>
        <translation>impossible d’exporter vers « {0} » : utilisez l’un de {1}</translation>
    </message>
    <message>
        <source>the scale must be between 1 and 4, not {0:g}</source>
        <translation>l’échelle doit être comprise entre 1 et 4, pas {0:g}</translation>
    </message>
    <message>
        <source>this panel is hidden: show it, then export it</source>
        <translation>ce panneau est masqué : affichez-le, puis exportez-le</translation>
    </message>
    <message>
        <source>cannot write {0}: {1}</source>
        <translation>impossible d’écrire {0} : {1}</translation>
    </message>
    <message>
        <source>could not encode the PNG image</source>
        <translation>impossible d’encoder l’image PNG</translation>
    </message>
    <message>
        <source>the scenario has no steps to export</source>
        <translation>le scénario n’a aucune étape à exporter</translation>
    </message>
    <message>
        <source>a GIF holds at most {0} frames, and steps 0 to {1} would make {2}: export single steps, or a shorter scenario</source>
        <translation>un GIF contient au plus {0} images, et les étapes 0 à {1} en feraient {2} : exportez des étapes une à une, ou un scénario plus court</translation>
    </message>
    <message>
        <source>at most {0} images are written at once, and steps 0 to {1} would make {2}: export single steps, or a shorter scenario</source>
        <translation>au plus {0} images sont écrites d’un coup, et les étapes 0 à {1} en feraient {2} : exportez des étapes une à une, ou un scénario plus court</translation>
    </message>
    <message>
        <source>a frame must last 20 ms to 60 s, not {0} ms</source>
        <translation>une image doit durer de 20 ms à 60 s, pas {0} ms</translation>
    </message>
</context>
</TS>
